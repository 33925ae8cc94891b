import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Accounts: viewers, event-managers (organisations) and administrators. User id 1 is the first administrator.
 * Migration 0010 adds `name_document` (tsvector GENERATED ALWAYS ... STORED from `name`, GIN-indexed: the text
 * search's organiser match), read only in SQL and not declared here, and the trigger `users_name_changed` (a new
 * name of an organiser with events raises the events version).
 * Migration 0012 adds the trigger `users_organisation_handle`: an organisation (event-manager) gets its `handle` from
 * its name when it first has both (on creation, or when a viewer becomes an organisation), never changed after.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name'),
    /**
     * An organisation's public address (`/organisations/{handle}`): its name folded (`salle-du-plateau`, then
     * `salle-du-plateau-2` on a clash). Set by a trigger (migration 0012), stable; null for viewers.
     */
    handle: text('handle'),
    /** Stored trimmed and lower-cased. */
    email: text('email').notNull(),
    unverifiedEmail: text('unverified_email'),
    passwordHash: text('password_hash').notNull(),
    preferredLang: text('preferred_lang').notNull().default('en'),
    type: text('type').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    phoneNumber: text('phone_number'),
    website: text('website'),
    address: text('address'),
    city: text('city'),
    zipcode: text('zipcode'),
    state: text('state'),
    country: text('country'),
    billingAddress: text('billing_address'),
    billingCity: text('billing_city'),
    billingZipcode: text('billing_zipcode'),
    billingState: text('billing_state'),
    billingCountry: text('billing_country'),
    planType: text('plan_type'),
    trialEndedAt: timestamp('trial_ended_at', { withTimezone: true }),
    /**
     * The account has had its free trial, or a plan without one (trials are given once per organisation, ever).
     * Set by the users repository whenever a plan is written; never cleared.
     */
    trialUsed: boolean('trial_used').notNull().default(false),
    /** When the user was told their trial had ended (the billing job mails it once per trial end). */
    trialNoticeSentAt: timestamp('trial_notice_sent_at', { withTimezone: true }),
    acceptTerms: boolean('accept_terms').notNull().default(false),
    acceptCommunications: boolean('accept_communications').notNull().default(false),
    imagePath: text('image_path'),
    imageFormats: integer('image_formats').array().notNull().default([]),
    /** Payment provider's customer reference. */
    providerCustomerId: text('provider_customer_id'),
    /** Raised on password change and deletion: older tokens stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** Lower-cased, accent-free name and email for the admin search. */
    searchText: text('search_text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_handle_key').on(t.handle),
    index('users_type_idx').on(t.type, t.id),
    index('users_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // The admin dashboard: organisers by plan, and the accounts of the week, without reading the users.
    index('users_organisers_plan_idx')
      .on(t.planType)
      .where(sql`${t.type} = 'event-manager' AND NOT ${t.isAdmin} AND ${t.deletedAt} IS NULL`),
    index('users_created_idx').on(t.createdAt).where(sql`${t.deletedAt} IS NULL`),
    // Whether an upload is still someone's avatar (the uploads' collection job).
    index('users_image_path_idx').on(t.imagePath).where(sql`${t.imagePath} IS NOT NULL`),
  ],
);
