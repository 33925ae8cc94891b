/** Mails in the user's language, as plain text and HTML. */
import type { Lang } from '@evmap/contract/enums';
import { escapeHtml } from '@evmap/contract/html';

export type MailContent = { subject: string; text: string; html: string };

function layout(lang: Lang, paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1c7ed6;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>`
    : '';
  return `<!doctype html><html lang="${lang}"><body style="font-family:Arial,sans-serif;color:#222;max-width:560px;margin:auto;padding:24px">${body}${button}<p style="color:#888;font-size:12px">EventMap</p></body></html>`;
}

function compose(lang: Lang, subject: string, paragraphs: string[], action?: { label: string; url: string }) {
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : []), '', 'EventMap'].join('\n\n');
  return { subject, text, html: layout(lang, paragraphs, action) };
}

export function verificationCodeMail(lang: Lang, code: string, minutes: number): MailContent {
  return lang === 'fr'
    ? compose(lang, `Votre code de vérification EventMap : ${code}`, [
        'Bonjour,',
        `Votre code de vérification est ${code}.`,
        `Il est valide pendant ${minutes} minutes et ne peut servir qu'une fois.`,
        "Si vous n'avez rien demandé, ignorez ce courriel.",
      ])
    : compose(lang, `Your EventMap verification code: ${code}`, [
        'Hello,',
        `Your verification code is ${code}.`,
        `It is valid for ${minutes} minutes and can be used once.`,
        'If you did not ask for it, ignore this email.',
      ]);
}

export function passwordResetMail(lang: Lang, url: string): MailContent {
  return lang === 'fr'
    ? compose(
        lang,
        'Réinitialisez votre mot de passe EventMap',
        [
          'Bonjour,',
          'Vous avez demandé à changer votre mot de passe. Le lien ci-dessous est valide pendant une heure et ne sert qu’une fois.',
          "Si vous n'avez rien demandé, ignorez ce courriel : votre mot de passe reste le même.",
        ],
        { label: 'Choisir un nouveau mot de passe', url },
      )
    : compose(
        lang,
        'Reset your EventMap password',
        [
          'Hello,',
          'You asked to change your password. The link below is valid for one hour and works once.',
          'If you did not ask for it, ignore this email: your password stays the same.',
        ],
        { label: 'Choose a new password', url },
      );
}

export function accountCreatedMail(lang: Lang, url: string): MailContent {
  return lang === 'fr'
    ? compose(
        lang,
        'Votre compte EventMap a été créé',
        [
          'Bonjour,',
          'Un administrateur a créé votre compte EventMap. Choisissez votre mot de passe pour vous connecter.',
        ],
        { label: 'Choisir mon mot de passe', url },
      )
    : compose(
        lang,
        'Your EventMap account was created',
        ['Hello,', 'An administrator created your EventMap account. Choose your password to sign in.'],
        { label: 'Choose my password', url },
      );
}

/** The notice mailed to the old address after an email or password change, with a "this was not me" link. */
export function accountChangedMail(lang: Lang, change: 'email' | 'password', url: string): MailContent {
  if (lang === 'fr') {
    const what = change === 'email' ? "L'adresse courriel" : 'Le mot de passe';
    return compose(
      lang,
      change === 'email' ? 'Votre adresse courriel EventMap a été changée' : 'Votre mot de passe EventMap a été changé',
      [
        'Bonjour,',
        `${what} de votre compte EventMap vient d'être ${change === 'email' ? 'changée' : 'changé'}.`,
        'Si vous avez fait ce changement, vous n’avez rien à faire.',
        change === 'email'
          ? 'Sinon, ouvrez le lien ci-dessous (valide 7 jours, une seule fois) et choisissez un nouveau mot de passe : le compte reviendra à cette adresse et toutes ses sessions seront fermées.'
          : 'Sinon, ouvrez le lien ci-dessous (valide 7 jours, une seule fois) et choisissez un nouveau mot de passe : toutes les sessions du compte seront fermées.',
      ],
      { label: "Ce n'était pas moi", url },
    );
  }
  return compose(
    lang,
    change === 'email' ? 'Your EventMap email address was changed' : 'Your EventMap password was changed',
    [
      'Hello,',
      `The ${change === 'email' ? 'email address' : 'password'} of your EventMap account was just changed.`,
      'If you made this change, there is nothing to do.',
      change === 'email'
        ? 'If not, open the link below (valid 7 days, once) and choose a new password: the account comes back to this address and every session of it is signed out.'
        : 'If not, open the link below (valid 7 days, once) and choose a new password: every session of the account is signed out.',
    ],
    { label: 'This was not me', url },
  );
}

export function contactMail(
  from: { id: number; name: string | null; email: string },
  subject: string,
  message: string,
) {
  return compose('en', `[Contact] ${subject}`, [
    `From: ${from.name ?? '-'} <${from.email}> (user ${from.id})`,
    `Subject: ${subject}`,
    message,
  ]);
}
