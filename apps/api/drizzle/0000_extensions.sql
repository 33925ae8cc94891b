-- Trigram indexes for the accent- and case-insensitive admin searches.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
