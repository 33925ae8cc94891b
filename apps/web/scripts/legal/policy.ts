/** The privacy policy, in French and English. `{contact}` is replaced by the contact address. */
import type { LegalText } from './legal-text';

export const policy: Record<'fr' | 'en', LegalText> = {
  en: {
    title: 'EventMap: Privacy policy',
    updated: 'Version 1.0.0, November 2026',
    intro: [
      'EventMap is a French and English web application for finding events in Canada on a map and for publishing them. This policy explains, in plain words, what personal information the service handles, why, and what you can do about it. "We" means the organisation that operates this EventMap service; you can reach us at {contact}.',
    ],
    sections: [
      {
        heading: '1. What we collect',
        paragraphs: ['We collect only what the service needs:'],
        bullets: [
          'When you browse without an account: the events you open and the buttons you press on them (website, phone, directions, share, reservation link), counted per event so that organisers see how their events are doing. These counts are tied to a random session identifier created by your browser, not to your name. Your language and time zone are sent with each request so that answers and dates are right for you.',
          'Your IP address, which our servers see with every request: it is used to protect the service against abuse (limits on sign-in attempts and similar) and appears in short-lived technical logs.',
          'Your position, only if you allow it: it is used in your browser to centre the map and is kept on your device (for at most three months). It is not stored on our servers.',
          'When you create an account: your name (or business name), email address, password (stored only as an irreversible argon2id hash), language, account type, your acceptance of the terms of use and whether you want to receive communications.',
          'For organisations (event-manager accounts): phone number, website, address, billing address, plan and trial dates, the events you publish and their images, and the statistics of your events.',
          'Payments: card details are handled by the payment provider. We keep only the card brand, its last four digits and its expiry date, along with your invoices.',
          'The messages you send us through the contact form, and your email address if you subscribe to the newsletter.',
          'Error reports, only if error reporting is switched on for this service: technical details of an error (page, browser, error message) are sent to Sentry. A sample of sessions (10%, and sessions where an error occurs) may include a replay of the page in which text and form fields are masked.',
        ],
      },
      {
        heading: '2. Why we use it',
        paragraphs: [
          'To run the service: show events, manage your account, publish and moderate events, bill paid plans, give organisers statistics, answer your messages, keep the service secure and fix errors. We send you newsletters or other communications only if you agreed to receive them; you can change your mind at any time in your settings. We do not sell your information and we do not use advertising trackers.',
        ],
      },
      {
        heading: '3. What is stored on your device',
        paragraphs: [
          "The application uses your browser's local storage, not advertising cookies, for: your sign-in token, the random session identifier, your language, your answer to the cookie banner, your position (if you allowed it), and whether you have seen the welcome message and the install banner. You can erase them at any time by clearing your browser data; you will then be signed out.",
        ],
      },
      {
        heading: '4. Who else receives information',
        paragraphs: [
          'Only the service providers the service needs, each for its own task: hosting, email delivery, the payment provider (for example Stripe) for paid plans, Sentry for error reports if switched on, and the map tile server (OpenStreetMap by default), which receives your IP address when your browser loads the map. Some of these providers may process information outside Canada. Public event pages show what organisers chose to publish about their events.',
        ],
      },
      {
        heading: '5. How long we keep it',
        paragraphs: [
          'Account information is kept while your account exists. When you delete your account, it is closed immediately and can no longer be used; write to us at {contact} to have the remaining personal information erased, except what the law requires us to keep (such as invoices). Statistics are kept as counts per event. Technical logs are kept for a short time.',
        ],
      },
      {
        heading: '6. Your rights',
        paragraphs: [
          "You can see and correct your information in your settings, withdraw your consent to communications, delete your account, and ask us for access to, correction of, or deletion of your personal information by writing to {contact}. We answer within 30 days. If you are not satisfied with our answer, you can complain to the Office of the Privacy Commissioner of Canada or, in Quebec, to the Commission d'accès à l'information du Québec. This policy follows the Personal Information Protection and Electronic Documents Act (PIPEDA) and Quebec's Act respecting the protection of personal information in the private sector.",
        ],
      },
      {
        heading: '7. Security',
        paragraphs: [
          'Connections are encrypted, passwords are hashed, sign-in and verification attempts are limited, and besides you, only administrators can see your account information. No system is perfectly secure: if a breach puts your information at risk, we will tell you and the authorities as the law requires.',
        ],
      },
      {
        heading: '8. Children',
        paragraphs: ['The service is not intended for children under 14, who should not create an account.'],
      },
      {
        heading: '9. Changes',
        paragraphs: [
          'When this policy changes, the new version is published at the same address and the application asks for your choice again through its cookie banner.',
        ],
      },
    ],
  },
  fr: {
    title: 'EventMap : Politique de confidentialité',
    updated: 'Version 1.0.0, novembre 2026',
    intro: [
      "EventMap est une application Web en français et en anglais pour trouver des événements au Canada sur une carte et pour les publier. Cette politique explique simplement quels renseignements personnels le service traite, pourquoi, et ce que vous pouvez faire. « Nous » désigne l'organisation qui exploite ce service EventMap; vous pouvez nous écrire à {contact}.",
    ],
    sections: [
      {
        heading: '1. Ce que nous recueillons',
        paragraphs: ['Nous recueillons seulement ce dont le service a besoin :'],
        bullets: [
          'Quand vous naviguez sans compte : les événements que vous ouvrez et les boutons que vous y utilisez (site Web, téléphone, itinéraire, partage, réservation), comptés par événement pour que les organisateurs voient comment se portent leurs événements. Ces comptes sont liés à un identifiant de session aléatoire créé par votre navigateur, et non à votre nom. Votre langue et votre fuseau horaire accompagnent chaque requête pour que les réponses et les dates vous conviennent.',
          'Votre adresse IP, que nos serveurs voient à chaque requête : elle sert à protéger le service contre les abus (limites sur les tentatives de connexion, par exemple) et figure dans des journaux techniques de courte durée.',
          "Votre position, seulement si vous l'autorisez : elle sert dans votre navigateur à centrer la carte et reste sur votre appareil (trois mois au plus). Elle n'est pas conservée sur nos serveurs.",
          "Quand vous créez un compte : votre nom (ou le nom de votre entreprise), votre courriel, votre mot de passe (conservé seulement sous forme d'empreinte argon2id irréversible), votre langue, le type de compte, votre acceptation des conditions d'utilisation et votre choix de recevoir ou non des communications.",
          "Pour les organisations (comptes d'organisateur) : numéro de téléphone, site Web, adresse, adresse de facturation, forfait et dates d'essai, les événements que vous publiez et leurs images, et les statistiques de vos événements.",
          "Paiements : les données de carte sont traitées par le fournisseur de paiement. Nous conservons seulement la marque de la carte, ses quatre derniers chiffres et sa date d'expiration, ainsi que vos factures.",
          "Les messages que vous nous envoyez par le formulaire de contact, et votre courriel si vous vous abonnez à l'infolettre.",
          "Les rapports d'erreur, seulement si le signalement des erreurs est activé pour ce service : les détails techniques d'une erreur (page, navigateur, message d'erreur) sont envoyés à Sentry. Un échantillon des sessions (10 %, et les sessions où survient une erreur) peut comprendre une reproduction de la page dans laquelle les textes et les champs de formulaire sont masqués.",
        ],
      },
      {
        heading: '2. Pourquoi nous les utilisons',
        paragraphs: [
          "Pour faire fonctionner le service : afficher les événements, gérer votre compte, publier et modérer les événements, facturer les forfaits payants, fournir des statistiques aux organisateurs, répondre à vos messages, assurer la sécurité du service et corriger les erreurs. Nous vous envoyons l'infolettre ou d'autres communications seulement si vous l'avez accepté; vous pouvez changer d'avis en tout temps dans vos paramètres. Nous ne vendons pas vos renseignements et n'utilisons aucun traceur publicitaire.",
        ],
      },
      {
        heading: '3. Ce qui est conservé sur votre appareil',
        paragraphs: [
          "L'application utilise le stockage local de votre navigateur, et non des témoins publicitaires, pour : votre jeton de connexion, l'identifiant de session aléatoire, votre langue, votre réponse à la bannière des témoins, votre position (si vous l'avez autorisée), et le fait d'avoir vu le message de bienvenue et la bannière d'installation. Vous pouvez les effacer en tout temps en supprimant les données de votre navigateur; vous serez alors déconnecté.",
        ],
      },
      {
        heading: "4. Qui d'autre reçoit des renseignements",
        paragraphs: [
          "Seulement les fournisseurs dont le service a besoin, chacun pour sa tâche : l'hébergement, l'envoi des courriels, le fournisseur de paiement (par exemple Stripe) pour les forfaits payants, Sentry pour les rapports d'erreur s'ils sont activés, et le serveur de tuiles de la carte (OpenStreetMap par défaut), qui reçoit votre adresse IP quand votre navigateur charge la carte. Certains de ces fournisseurs peuvent traiter des renseignements à l'extérieur du Canada. Les pages publiques des événements montrent ce que les organisateurs ont choisi de publier.",
        ],
      },
      {
        heading: '5. Durée de conservation',
        paragraphs: [
          'Les renseignements du compte sont conservés tant que votre compte existe. Quand vous supprimez votre compte, il est fermé immédiatement et ne peut plus servir; écrivez-nous à {contact} pour faire effacer les renseignements personnels qui restent, sauf ceux que la loi nous oblige à garder (les factures, par exemple). Les statistiques sont conservées sous forme de comptes par événement. Les journaux techniques sont gardés peu de temps.',
        ],
      },
      {
        heading: '6. Vos droits',
        paragraphs: [
          "Vous pouvez consulter et corriger vos renseignements dans vos paramètres, retirer votre consentement aux communications, supprimer votre compte, et nous demander l'accès à vos renseignements personnels, leur rectification ou leur suppression en écrivant à {contact}. Nous répondons dans un délai de 30 jours. Si notre réponse ne vous satisfait pas, vous pouvez porter plainte auprès de la Commission d'accès à l'information du Québec ou du Commissariat à la protection de la vie privée du Canada. Cette politique suit la Loi sur la protection des renseignements personnels dans le secteur privé du Québec et la Loi sur la protection des renseignements personnels et les documents électroniques (LPRPDE).",
        ],
      },
      {
        heading: '7. Sécurité',
        paragraphs: [
          "Les connexions sont chiffrées, les mots de passe sont hachés, les tentatives de connexion et de vérification sont limitées, et à part vous, seuls les administrateurs peuvent voir les renseignements de votre compte. Aucun système n'est parfaitement sûr : si un incident met vos renseignements en danger, nous vous en informerons, ainsi que les autorités, comme la loi l'exige.",
        ],
      },
      {
        heading: '8. Enfants',
        paragraphs: [
          "Le service ne s'adresse pas aux enfants de moins de 14 ans, qui ne devraient pas créer de compte.",
        ],
      },
      {
        heading: '9. Modifications',
        paragraphs: [
          "Quand cette politique change, la nouvelle version est publiée à la même adresse et l'application vous redemande votre choix par sa bannière des témoins.",
        ],
      },
    ],
  },
};
