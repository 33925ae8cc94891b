-- Issue 25: the language of a source's texts; an English source fills both languages, French marked "not translated".
ALTER TABLE "import_sources" ADD COLUMN "language" text DEFAULT 'fr' NOT NULL;