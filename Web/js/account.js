// The top bar's account area on every page: "Sign in" opens a dialog to sign in or sign up (the auction
// house's users, which are exchange accounts too); signed in, the user's name and "Sign out". Server
// refusals are shown in words: a wrong name or password, a taken name, the password rule that failed,
// and how long a throttled sign-in must wait.

import { el } from '/js/dom.js';
import { addStrings, applyLabels, onLangChange, t } from '/js/i18n.js';
import { mountNotifications } from '/js/notifications.js';
import { currentUser, onSessionChange, signIn, signOut, signUp } from '/js/session.js';

addStrings({
  ko: {
    'account.signin': '로그인',
    'account.signup': '회원가입',
    'account.signout': '로그아웃',
    'account.username': '아이디',
    'account.password': '비밀번호',
    'account.cancel': '닫기',
    'account.toSignup': '계정이 없나요? 회원가입',
    'account.toSignin': '계정이 있나요? 로그인',
    'account.user': '로그인한 사용자',
    'account.error.unauthorized': '아이디 또는 비밀번호가 맞지 않습니다.',
    'account.error.username_taken': '이미 쓰이는 아이디입니다.',
    'account.error.too_many_requests': '시도가 너무 많습니다. {s}초 뒤에 다시 해 주세요.',
    'account.error.network': '서버에 연결할 수 없습니다.',
    'account.rules': '비밀번호는 8–72바이트, 아이디와 달라야 합니다.',
  },
  en: {
    'account.signin': 'Sign in',
    'account.signup': 'Sign up',
    'account.signout': 'Sign out',
    'account.username': 'Username',
    'account.password': 'Password',
    'account.cancel': 'Close',
    'account.toSignup': 'No account? Sign up',
    'account.toSignin': 'Have an account? Sign in',
    'account.user': 'Signed in as',
    'account.error.unauthorized': 'Wrong username or password.',
    'account.error.username_taken': 'That username is taken.',
    'account.error.too_many_requests': 'Too many attempts. Try again in {s} s.',
    'account.error.network': 'Cannot reach the server.',
    'account.rules': 'Passwords are 8–72 bytes and differ from the username.',
  },
});


/** Words for a refusal of sign-in or sign-up. */
export function describeAccountError(error) {
  if (error.name === 'too_many_requests') {
    return t('account.error.too_many_requests').replace('{s}', String(error.retryAfter ?? 60));
  }
  if (error.name === 'network') return t('account.error.network');
  const known = t('account.error.' + error.name);
  if (known !== 'account.error.' + error.name) return known;
  return error.message;
}

let dialog;

/** Opens the sign-in dialog (`mode` 'signin' or 'signup'); resolves when it closes. */
export function openSignIn(mode = 'signin') {
  dialog ??= buildDialog();
  dialog.setMode(mode);
  dialog.node.showModal();
  dialog.node.querySelector('#account-username').focus();
}

function buildDialog() {
  const form = el('form', { method: 'dialog', class: 'account-form', id: 'account-form', novalidate: '' });
  const title = el('h2', { id: 'account-title' });
  const username = el('input', {
    id: 'account-username', name: 'username', autocomplete: 'username', required: '', maxlength: '64',
    autocapitalize: 'none', spellcheck: 'false',
  });
  const password = el('input', {
    id: 'account-password', name: 'password', type: 'password', required: '', minlength: '8',
  });
  const rules = el('p', { class: 'account-rules', id: 'account-rules', 'data-i18n': 'account.rules' });
  const error = el('p', { class: 'account-error', id: 'account-error', role: 'alert' });
  const submit = el('button', { type: 'submit', class: 'account-submit', id: 'account-submit' });
  const switcher = el('button', { type: 'button', class: 'account-switch', id: 'account-switch' });
  const cancel = el('button', { type: 'button', class: 'account-cancel', 'data-i18n': 'account.cancel' });
  form.append(
    title,
    el('label', { for: 'account-username' }, [el('span', { 'data-i18n': 'account.username' })]),
    username,
    el('label', { for: 'account-password' }, [el('span', { 'data-i18n': 'account.password' })]),
    password,
    rules,
    error,
    el('div', { class: 'account-actions' }, [submit, cancel]),
    switcher,
  );
  const node = el('dialog', { id: 'account-dialog', 'aria-labelledby': 'account-title' }, [form]);
  document.body.append(node);

  let mode = 'signin';
  const label = () => {
    title.textContent = t(mode === 'signin' ? 'account.signin' : 'account.signup');
    submit.textContent = t(mode === 'signin' ? 'account.signin' : 'account.signup');
    switcher.textContent = t(mode === 'signin' ? 'account.toSignup' : 'account.toSignin');
    password.setAttribute('autocomplete', mode === 'signin' ? 'current-password' : 'new-password');
    rules.hidden = mode === 'signin';
  };
  const setMode = (next) => {
    mode = next;
    error.textContent = '';
    label();
  };
  switcher.addEventListener('click', () => setMode(mode === 'signin' ? 'signup' : 'signin'));
  cancel.addEventListener('click', () => node.close());
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    error.textContent = '';
    submit.disabled = true;
    try {
      if (mode === 'signin') await signIn(username.value.trim(), password.value);
      else await signUp(username.value.trim(), password.value);
      password.value = '';
      node.close();
    } catch (failure) {
      error.textContent = describeAccountError(failure);
    } finally {
      submit.disabled = false;
    }
  });
  onLangChange(label);
  applyLabels(node);
  return { node, setMode };
}

/** Builds the account area into `container` and keeps it in step with the session. */
export function mountAccount(container) {
  const area = el('div', { class: 'account', id: 'account' });
  container.append(area);
  const render = (user) => {
    area.replaceChildren();
    if (user) {
      const name = el('a', { class: 'account-name', id: 'account-name', href: '/me' });
      name.textContent = user.username;
      name.setAttribute('aria-label', `${t('account.user')} ${user.username}`);
      const out = el('button', { type: 'button', id: 'account-signout', 'data-i18n': 'account.signout' });
      out.addEventListener('click', () => signOut().catch(() => {}));
      area.append(name, out);
    } else {
      const signin = el('button', { type: 'button', id: 'account-signin', 'data-i18n': 'account.signin' });
      signin.addEventListener('click', () => openSignIn('signin'));
      area.append(signin);
    }
    applyLabels(area);
  };
  render(null);
  onSessionChange(render);
  // The bell follows the user, not the language: re-rendering the area must not reconnect its socket.
  let notified = null;
  let stopNotifications = null;
  onSessionChange((user) => {
    if ((user?.username ?? null) === notified) return;
    stopNotifications?.();
    stopNotifications = null;
    notified = user?.username ?? null;
    if (user) stopNotifications = mountNotifications(area);
  });
  onLangChange(() => currentUser().then(render, () => {}));
  currentUser().catch(() => {});
}
