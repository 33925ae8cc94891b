/**
 * The error catalogue of spec section 8, in both languages. The API answers
 * `{ errors: { <field>: <message>, global: <message> } }` with these messages; the web app
 * shows the same texts for its own form validation, so each message exists once.
 */
import { z } from 'zod';
import { YEAR_MAX, YEAR_MIN } from './constants';
import type { Lang } from './enums';

type Text = { en: string; fr: string };

export const ERROR_MESSAGES = {
  paymentMethodRequired: { en: 'Please add a payment method', fr: 'Veuillez ajouter un moyen de paiement' },
  termsRequired: { en: 'You must accept the terms of use', fr: "Vous devez accepter les conditions d'utilisation" },
  fieldsMissing: { en: 'Fields missing', fr: 'Champs manquants' },
  resendCodeFailed: {
    en: 'An error occurred while resending the verification code. Please try again.',
    fr: "Une erreur s'est produite lors du renvoi du code de vérification. Veuillez réessayer.",
  },
  codeRateLimit: {
    en: 'You have reached the limit of verification code requests. Please try again later and check your inbox.',
    fr: 'Vous avez atteint la limite de demandes de code de vérification. Veuillez patienter 1 minute et vérifier votre boîte de réception.',
  },
  codeInvalid: { en: 'The code is invalid', fr: "Le code n'est pas valide" },
  passwordsDoNotMatch: { en: 'Passwords do not match', fr: 'Les mots de passe ne correspondent pas' },
  paymentFailed: { en: 'An error occurred during payment', fr: "Une erreur s'est produite lors du paiement" },
  paymentDeclined: {
    en: 'Your card was declined, and nothing was charged. Add another card in your account settings, or ask your bank why, then try again.',
    fr: "Votre carte a été refusée et rien n'a été prélevé. Ajoutez une autre carte dans les paramètres de votre compte, ou demandez la raison à votre banque, puis réessayez.",
  },
  paymentInsufficientFunds: {
    en: 'Your card was declined for insufficient funds, and nothing was charged. Add another card in your account settings, then try again.',
    fr: "Votre carte a été refusée pour fonds insuffisants et rien n'a été prélevé. Ajoutez une autre carte dans les paramètres de votre compte, puis réessayez.",
  },
  paymentCardExpired: {
    en: 'Your card has expired, and nothing was charged. Add a valid card in your account settings, then try again.',
    fr: "Votre carte est expirée et rien n'a été prélevé. Ajoutez une carte valide dans les paramètres de votre compte, puis réessayez.",
  },
  cardDeclined: {
    en: 'Your bank declined this card, and it was not saved. Try another card, or ask your bank why.',
    fr: "Votre banque a refusé cette carte et elle n'a pas été enregistrée. Essayez une autre carte, ou demandez la raison à votre banque.",
  },
  emailExists: { en: 'Email already exists', fr: 'Ce courriel existe déjà' },
  accountDeleted: {
    en: 'Your account was deleted. Please contact us to create a new account.',
    fr: 'Votre compte a été supprimé. Veuillez nous contacter pour créer un nouveau compte.',
  },
  nameEmailPasswordRequired: {
    en: 'Name, email and password are required',
    fr: 'Le nom, le courriel et le mot de passe sont obligatoires',
  },
  cardInvalid: {
    en: 'Your card number, expiration date, security code and postal code is invalid',
    fr: "Le numéro de carte, la date d'expiration, le code de sécurité ou le code postal n'est pas valide",
  },
  fieldRequired: { en: 'The field {field} is required', fr: 'Le champ {field} est obligatoire' },
  fieldInvalidJson: { en: 'The field {field} is not valid JSON', fr: "Le champ {field} n'est pas un JSON valide" },
  fieldType: { en: 'The field {field} must be of type {type}', fr: 'Le champ {field} doit être de type {type}' },
  fieldInvalid: { en: 'The field {field} is not valid', fr: "Le champ {field} n'est pas valide" },
  idInvalid: { en: 'The id is invalid', fr: "L'identifiant n'est pas valide" },
  enumInvalid: {
    en: 'The enum field is not valid; valid values are: {values}',
    fr: "La valeur n'est pas valide; les valeurs possibles sont : {values}",
  },
  dateFormat: {
    en: 'The date is invalid; the format is YYYY-MM-DD',
    fr: "La date n'est pas valide; le format est AAAA-MM-JJ",
  },
  tokenEmpty: { en: 'The token cannot be empty', fr: 'Le jeton ne peut pas être vide' },
  tokenNotFound: { en: 'The token does not exist', fr: "Le jeton n'existe pas" },
  tokenInvalid: { en: 'The token is invalid', fr: "Le jeton n'est pas valide" },
  namesEmpty: { en: 'First name and last name cannot be empty', fr: 'Le prénom et le nom ne peuvent pas être vides' },
  emailNotFound: { en: 'Email does not exist', fr: "Ce courriel n'existe pas" },
  passwordInvalid: { en: 'Password is invalid', fr: "Le mot de passe n'est pas valide" },
  titleRequired: { en: 'Title is required', fr: 'Le titre est obligatoire' },
  categoryRequired: { en: 'Category is required', fr: 'La catégorie est obligatoire' },
  datesRequired: { en: 'Dates are required', fr: 'Les dates sont obligatoires' },
  addressRequired: { en: 'Address is required', fr: "L'adresse est obligatoire" },
  subjectMessageRequired: { en: 'Subject and message are required', fr: 'Le sujet et le message sont obligatoires' },
  min: { en: 'Field must be greater or equal to {min}', fr: 'Le champ doit être supérieur ou égal à {min}' },
  max: { en: 'Field must be lower or equal to {max}', fr: 'Le champ doit être inférieur ou égal à {max}' },
  dateInvalid: { en: 'The field must be a valid date', fr: 'Le champ doit être une date valide' },
  noPlan: {
    en: 'No plan selected. Please select a plan to continue.',
    fr: 'Aucun forfait sélectionné. Veuillez choisir un forfait pour continuer.',
  },
  trialLimit: {
    en: 'You have reached the limit of your free trial. Please upgrade your plan to continue using the product.',
    fr: "Vous avez atteint la limite de votre essai gratuit. Veuillez changer de forfait pour continuer d'utiliser le produit.",
  },
  importAlreadyRunning: {
    en: 'This source is being imported already. Its run will show in its list when it ends.',
    fr: "Cette source est déjà en cours d'import. Son exécution apparaîtra dans sa liste une fois terminée.",
  },
  importLinkNoRecord: {
    en: 'This link was made before its record was kept: run its source again, then split it.',
    fr: "Ce lien date d'avant l'enregistrement de sa fiche : exécutez de nouveau sa source, puis séparez-le.",
  },
  calendarPlanRequired: {
    en: 'Connecting your calendars needs the trial or the complete plan.',
    fr: "Connecter vos calendriers demande l'essai ou le forfait complet.",
  },
  noSubscription: {
    en: 'You do not have a subscription. Please select a plan to continue.',
    fr: "Vous n'avez pas d'abonnement. Veuillez choisir un forfait pour continuer.",
  },
  billingProvinceRequired: {
    en: 'Please add your billing province to your account',
    fr: 'Veuillez indiquer votre province de facturation dans votre compte',
  },
  cancelPlanFirst: {
    en: 'Cancel your plan before deleting the payment method.',
    fr: 'Annulez votre forfait avant de supprimer le moyen de paiement.',
  },
  emailEmpty: { en: 'email cannot be empty', fr: 'le courriel ne peut pas être vide' },
  emailInvalid: { en: 'The email is not valid', fr: "Le courriel n'est pas valide" },
  passwordTooShort: {
    en: 'The password must be longer than 6 characters',
    fr: 'Le mot de passe doit contenir plus de 6 caractères',
  },
  passwordTooLong: {
    en: 'The password must be at most 128 characters',
    fr: 'Le mot de passe doit contenir au plus 128 caractères',
  },
  unauthorized: { en: 'You must be signed in', fr: 'Vous devez être connecté' },
  forbidden: { en: 'You are not allowed to do this', fr: "Vous n'êtes pas autorisé à faire ceci" },
  notFound: { en: 'Not found', fr: 'Introuvable' },
  organisationRemoved: {
    en: 'This organisation was removed: its feed no longer exists',
    fr: "Cette organisation a été retirée : son flux n'existe plus",
  },
  organisationGone: {
    en: 'This organisation was removed: its page no longer exists',
    fr: "Cette organisation a été retirée : sa page n'existe plus",
  },
  routeNotFound: { en: 'This API route does not exist', fr: "Cette route de l'API n'existe pas" },
  methodNotAllowed: {
    en: 'This API route does not accept this method (accepted: {allowed})',
    fr: "Cette route de l'API n'accepte pas cette méthode (acceptées : {allowed})",
  },
  urlInvalid: { en: 'The address of the request is not valid', fr: "L'adresse de la requête n'est pas valide" },
  urlTooLong: {
    en: 'A part of the address of the request is too long',
    fr: "Une partie de l'adresse de la requête est trop longue",
  },
  requestMalformed: {
    en: 'The request is malformed: its first line or one of its headers cannot be read',
    fr: "La requête est mal formée : sa première ligne ou l'un de ses en-têtes est illisible",
  },
  requestHeadersTooLarge: {
    en: 'The headers of the request are too large',
    fr: 'Les en-têtes de la requête sont trop volumineux',
  },
  requestTimeout: {
    en: 'The request took too long to arrive. Please try again.',
    fr: 'La requête a mis trop de temps à arriver. Veuillez réessayer.',
  },
  fieldUnknown: { en: 'The field {field} is not expected', fr: "Le champ {field} n'est pas attendu" },
  rateLimited: {
    en: 'Too many attempts. Please try again in {minutes} {minutes?minute|minutes}.',
    fr: 'Trop de tentatives. Veuillez réessayer dans {minutes} {minutes?minute|minutes}.',
  },
  payloadTooLarge: {
    en: 'The file is too large (maximum {max} MB)',
    fr: 'Le fichier est trop volumineux (maximum {max} Mo)',
  },
  imageType: { en: 'Only JPEG and PNG images are accepted', fr: 'Seules les images JPEG et PNG sont acceptées' },
  cannotDeleteAdmin: {
    en: 'An administrator cannot delete their own account or user 1',
    fr: "Un administrateur ne peut pas supprimer son propre compte ni l'utilisateur 1",
  },
  cannotDowngrade: {
    en: 'An event-manager account cannot go back to a viewer account',
    fr: "Un compte d'organisateur ne peut pas redevenir un compte de visiteur",
  },
  dateTimeFormat: {
    en: 'The date is invalid; the format is YYYY-MM-DD HH:mm:ss',
    fr: "La date n'est pas valide; le format est AAAA-MM-JJ HH:mm:ss",
  },
  endBeforeStart: { en: 'The end cannot be before the start day', fr: 'La fin ne peut pas précéder le jour du début' },
  endTooSoon: {
    en: 'On the same day, the end must be at least 15 minutes after the start',
    fr: 'Le même jour, la fin doit être au moins 15 minutes après le début',
  },
  endTooLate: {
    en: 'The end must be within 1 day after the start',
    fr: 'La fin doit être au plus 1 jour après le début',
  },
  minutesStep: { en: 'Minutes must be 00, 15, 30 or 45', fr: 'Les minutes doivent être 00, 15, 30 ou 45' },
  pastEventReadOnly: {
    en: 'This event is past and can no longer be modified',
    fr: 'Cet événement est passé et ne peut plus être modifié',
  },
  inactiveEventReadOnly: {
    en: 'This event was deactivated by an administrator and cannot be modified',
    fr: 'Cet événement a été désactivé par un administrateur et ne peut pas être modifié',
  },
  eventInProgress: {
    en: 'This event is in progress: your plan does not allow modifying current events',
    fr: 'Cet événement est en cours : votre forfait ne permet pas de modifier les événements en cours',
  },
  recurrenceNotInPlan: {
    en: 'Your plan does not include recurring events',
    fr: "Votre forfait n'inclut pas les événements récurrents",
  },
  unitDatesLimit: {
    en: 'The unit plan allows at most {max} dates per event',
    fr: "Le forfait à l'unité permet au plus {max} dates par événement",
  },
  republicationUnconfirmed: {
    en: 'A new place, or dates beyond those published, makes a new publication charged like the first: confirm it to save',
    fr: 'Un nouveau lieu, ou des dates au-delà de celles publiées, est une nouvelle publication facturée comme la première : confirmez-la pour enregistrer',
  },
  trialAlreadyUsed: {
    en: 'The free trial is given once per organisation and this account has already had it. Please choose a plan.',
    fr: "L'essai gratuit est offert une seule fois par organisation et ce compte en a déjà bénéficié. Veuillez choisir un forfait.",
  },
  postalCodeProvince: {
    en: 'The province does not match the postal code (its first letter gives the province)',
    fr: 'La province ne correspond pas au code postal (sa première lettre donne la province)',
  },
  paymentInProgress: {
    en: 'A payment for this is already in progress. Please try again in a moment.',
    fr: 'Un paiement est déjà en cours pour ceci. Veuillez réessayer dans un instant.',
  },
  creatorNotAllowed: {
    en: 'The creator must be an event-manager who is not an administrator',
    fr: "Le créateur doit être un organisateur qui n'est pas administrateur",
  },
  verificationRequired: {
    en: 'Your email address must be verified: enter the code we sent you',
    fr: 'Votre adresse courriel doit être vérifiée : entrez le code que nous vous avons envoyé',
  },
  internal: {
    en: 'An unexpected error occurred. Please try again.',
    fr: "Une erreur inattendue s'est produite. Veuillez réessayer.",
  },
  unavailable: {
    en: 'The service is temporarily unavailable. Please try again.',
    fr: 'Le service est temporairement indisponible. Veuillez réessayer.',
  },
  searchTimeout: {
    en: 'The search took too long. Zoom in on the map and try again.',
    fr: 'La recherche a pris trop de temps. Rapprochez la carte et réessayez.',
  },
  searchBusy: {
    en: 'Too many searches at the moment. Please try again in a few seconds.',
    fr: 'Trop de recherches en ce moment. Veuillez réessayer dans quelques secondes.',
  },
  liveStreamsFull: {
    en: 'Too many live connections. Please try again later.',
    fr: 'Trop de connexions en direct. Veuillez réessayer plus tard.',
  },
  fieldCharacter: {
    en: 'The field {field} contains a character that is not allowed',
    fr: 'Le champ {field} contient un caractère non autorisé',
  },
  yearRange: {
    en: `The year must be between ${YEAR_MIN} and ${YEAR_MAX}`,
    fr: `L'année doit être comprise entre ${YEAR_MIN} et ${YEAR_MAX}`,
  },
  valueInvalid: { en: 'A value sent is not valid', fr: "Une valeur envoyée n'est pas valide" },
  conflictRetry: {
    en: 'This was changed by another request at the same time. Please try again.',
    fr: 'Ceci a été modifié par une autre requête au même moment. Veuillez réessayer.',
  },
  bodyTooLarge: {
    en: 'The request is too large (maximum {max} MB)',
    fr: 'La requête est trop volumineuse (maximum {max} Mo)',
  },
  fieldRepeated: { en: 'The field {field} is sent more than once', fr: "Le champ {field} est envoyé plus d'une fois" },
  formTooManyParts: {
    en: 'The form has too many fields or files',
    fr: 'Le formulaire contient trop de champs ou de fichiers',
  },
  formMalformed: {
    en: 'The form data is incomplete or malformed',
    fr: 'Les données du formulaire sont incomplètes ou mal formées',
  },
  imagesBusy: {
    en: 'Too many images are being processed. Please try again in a few seconds.',
    fr: "Trop d'images sont en cours de traitement. Veuillez réessayer dans quelques secondes.",
  },
  identityProtected: {
    en: 'Only its owner can change the email or password of an administrator or of user 1',
    fr: "Seul son titulaire peut changer le courriel ou le mot de passe d'un administrateur ou de l'utilisateur 1",
  },
  codeAddressLimit: {
    en: 'This address has received the most verification codes allowed for today. Please check your inbox or try again tomorrow.',
    fr: "Cette adresse a reçu le nombre maximal de codes de vérification pour aujourd'hui. Vérifiez votre boîte de réception ou réessayez demain.",
  },
  eventWritesRateLimited: {
    en: 'You are saving events too often. Please try again in {minutes} {minutes?minute|minutes}.',
    fr: 'Vous enregistrez des événements trop souvent. Veuillez réessayer dans {minutes} {minutes?minute|minutes}.',
  },
} as const satisfies Record<string, Text>;

export type ErrorKey = keyof typeof ERROR_MESSAGES;
export type ErrorParams = Record<string, string | number>;

/** True when `value` names a message of the catalogue. */
export function isErrorKey(value: unknown): value is ErrorKey {
  return typeof value === 'string' && Object.hasOwn(ERROR_MESSAGES, value);
}

/**
 * The catalogue message for `key` in `lang`, with `{name}` placeholders filled from `params`, and
 * `{name?one|other}` choosing the word that agrees with the number `name` ("1 minute", "2 minutes": in English and
 * in French alike, 0 and 1 take the singular only in French, and a wait is never 0).
 */
export function errorMessage(key: ErrorKey, lang: Lang, params: ErrorParams = {}): string {
  const template = ERROR_MESSAGES[key][lang];
  return template.replace(/\{(\w+)(?:\?([^|}]*)\|([^}]*))?\}/g, (whole, name: string, one?: string, other?: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    if (one === undefined || other === undefined) return String(value);
    const singular = lang === 'fr' ? Math.abs(Number(value)) < 2 : Math.abs(Number(value)) === 1;
    return singular ? one : other;
  });
}

/**
 * Every error body of the API: messages keyed by field, `global` for the form message. Its OpenAPI name and
 * description are given by the API (plugins/openapi.ts): `.meta()` here would be a side effect that keeps zod in
 * the web app's first load, which imports this file for ERROR_MESSAGES.
 */
export const errorBodySchema = z.object({ errors: z.record(z.string(), z.string()) });
export type ErrorBody = z.infer<typeof errorBodySchema>;
