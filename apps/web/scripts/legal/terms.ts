/** The terms of use, in French and English. `{contact}` is replaced by the contact address. */
import type { LegalText } from './legal-text';

export const terms: Record<'fr' | 'en', LegalText> = {
  en: {
    title: 'EventMap: Terms of use',
    updated: 'Version 1.0.0, November 2026',
    intro: [
      'These terms govern the use of EventMap, a web application for finding events in Canada on a map and for publishing them. "We" means the organisation that operates this EventMap service. By creating an account you accept these terms; browsing the map without an account is also subject to them. Questions: {contact}.',
    ],
    sections: [
      {
        heading: '1. The service',
        paragraphs: [
          'EventMap shows events published by organisations. The information about an event (date, place, price, description, links) comes from its organiser. We check reported events but cannot guarantee that every detail is accurate or that an event takes place: confirm with the organiser before you go. The service may be interrupted for maintenance or for reasons beyond our control.',
        ],
      },
      {
        heading: '2. Your account',
        paragraphs: [
          'Give accurate information, keep your password to yourself, and tell us at {contact} if you think someone else used your account. An organisation must verify its email address before using its account. You can delete your account at any time from your settings.',
        ],
      },
      {
        heading: '3. Publishing events',
        paragraphs: ['Organisations (event-manager accounts) are responsible for what they publish. An event must:'],
        bullets: [
          'be real, lawful and described accurately, with its true date, place and price;',
          'use only texts and images you have the right to publish;',
          'not be advertising unrelated to an event, hateful, discriminatory, sexually explicit or misleading.',
        ],
      },
      {
        heading: '4. Plans and payment',
        paragraphs: [
          'New organisations start with a free trial whose end date is shown in their account. Paid plans are the unit plan (34.99 per publication) and the complete plan (39.99 per month), both in Canadian dollars plus applicable taxes, billed to the payment method saved in the account. Changing or cancelling the complete plan immediately removes the events scheduled after its renewal date. Invoices are available in the account. Your rights under consumer protection laws, including the Quebec Consumer Protection Act, are not limited by these terms.',
        ],
      },
      {
        heading: '5. Moderation and reports',
        paragraphs: [
          'Anyone can report an event. Administrators may deactivate, edit or delete an event, and suspend or delete an account, that does not follow these terms. We tell the organiser when we remove content, unless the law or safety prevents it.',
        ],
      },
      {
        heading: '6. Intellectual property',
        paragraphs: [
          'You keep the rights to the texts and images you publish and allow us to display them in the service, in both languages, for as long as they are published. The EventMap application and its content, other than what users publish, belong to its operator. The map uses data from OpenStreetMap contributors, under the Open Database License.',
        ],
      },
      {
        heading: '7. Liability',
        paragraphs: [
          'The service is provided as it is. To the extent permitted by law, we are not liable for events organised by others, for information published by organisers, or for indirect damages. Nothing in these terms excludes liability that the law does not allow us to exclude.',
        ],
      },
      {
        heading: '8. Changes and applicable law',
        paragraphs: [
          'We may update these terms; the new version is published at the same address, and significant changes are announced in the application. These terms are governed by the laws in force in Quebec and the federal laws of Canada that apply there. Our privacy policy explains how we handle personal information.',
        ],
      },
    ],
  },
  fr: {
    title: "EventMap : Conditions d'utilisation",
    updated: 'Version 1.0.0, novembre 2026',
    intro: [
      "Ces conditions encadrent l'utilisation d'EventMap, une application Web pour trouver des événements au Canada sur une carte et pour les publier. « Nous » désigne l'organisation qui exploite ce service EventMap. En créant un compte, vous acceptez ces conditions; la consultation de la carte sans compte y est aussi soumise. Questions : {contact}.",
    ],
    sections: [
      {
        heading: '1. Le service',
        paragraphs: [
          "EventMap présente des événements publiés par des organisations. Les renseignements sur un événement (date, lieu, prix, description, liens) viennent de son organisateur. Nous vérifions les événements signalés, mais ne pouvons garantir que chaque détail est exact ni qu'un événement aura lieu : confirmez auprès de l'organisateur avant de vous déplacer. Le service peut être interrompu pour de l'entretien ou pour des raisons hors de notre contrôle.",
        ],
      },
      {
        heading: '2. Votre compte',
        paragraphs: [
          "Donnez des renseignements exacts, gardez votre mot de passe pour vous et prévenez-nous à {contact} si vous croyez que quelqu'un d'autre a utilisé votre compte. Une organisation doit vérifier son courriel avant d'utiliser son compte. Vous pouvez supprimer votre compte en tout temps dans vos paramètres.",
        ],
      },
      {
        heading: '3. Publier des événements',
        paragraphs: [
          "Les organisations (comptes d'organisateur) sont responsables de ce qu'elles publient. Un événement doit :",
        ],
        bullets: [
          'être réel, légal et décrit fidèlement, avec ses vraies date, adresse et prix;',
          'utiliser seulement des textes et des images que vous avez le droit de publier;',
          'ne pas être une publicité sans lien avec un événement, ni haineux, discriminatoire, sexuellement explicite ou trompeur.',
        ],
      },
      {
        heading: '4. Forfaits et paiement',
        paragraphs: [
          "Les nouvelles organisations commencent par un essai gratuit dont la date de fin figure dans leur compte. Les forfaits payants sont le forfait à l'unité (34,99 $ par publication) et le forfait complet (39,99 $ par mois), en dollars canadiens, taxes applicables en sus, facturés au moyen de paiement enregistré dans le compte. Changer ou annuler le forfait complet supprime immédiatement les événements prévus après sa date de renouvellement. Les factures sont disponibles dans le compte. Ces conditions ne limitent pas les droits que vous donnent les lois sur la protection du consommateur, dont la Loi sur la protection du consommateur du Québec.",
        ],
      },
      {
        heading: '5. Modération et signalements',
        paragraphs: [
          "Tout le monde peut signaler un événement. Les administrateurs peuvent désactiver, modifier ou supprimer un événement, et suspendre ou supprimer un compte, qui ne respecte pas ces conditions. Nous prévenons l'organisateur quand nous retirons du contenu, sauf si la loi ou la sécurité l'empêche.",
        ],
      },
      {
        heading: '6. Propriété intellectuelle',
        paragraphs: [
          "Vous gardez vos droits sur les textes et les images que vous publiez et nous permettez de les afficher dans le service, dans les deux langues, tant qu'ils sont publiés. L'application EventMap et son contenu, autre que ce que publient les utilisateurs, appartiennent à son exploitant. La carte utilise des données des contributeurs d'OpenStreetMap, sous licence Open Database License.",
        ],
      },
      {
        heading: '7. Responsabilité',
        paragraphs: [
          "Le service est fourni tel quel. Dans la mesure permise par la loi, nous ne sommes pas responsables des événements organisés par d'autres, des renseignements publiés par les organisateurs ni des dommages indirects. Rien dans ces conditions n'exclut une responsabilité que la loi ne nous permet pas d'exclure.",
        ],
      },
      {
        heading: '8. Modifications et droit applicable',
        paragraphs: [
          "Nous pouvons mettre ces conditions à jour; la nouvelle version est publiée à la même adresse et les changements importants sont annoncés dans l'application. Ces conditions sont régies par les lois en vigueur au Québec et les lois fédérales du Canada qui s'y appliquent. Notre politique de confidentialité explique comment nous traitons les renseignements personnels.",
        ],
      },
    ],
  },
};
