import type { WidgetMessage } from '@kreechat/contract';
import { MESSAGE_MAX_LENGTH } from './constants';
import { h, icon, ICONS } from './dom';
import { WIDGET_FILE_ACCEPT } from './files';
import type { Translate } from './i18n';
import type { Language } from './language';
import { itemKey, type ChatItem } from './messages';
import { departmentChoice, ratingStep, type Phase, type WidgetState } from './state';
import { STYLES } from './styles';

/** What the visitor can do; the controller (widget.ts) decides what each means now. */
export type ViewActions = {
  toggle(): void;
  close(): void;
  retry(): void;
  guest(name: string, email: string): void;
  guestEdited(): void;
  /** True when the text was taken (the box is cleared); false leaves it for the visitor to fix. */
  send(text: string): boolean;
  pickFile(file: File | null): void;
  resend(clientMessageId: string): void;
  older(): void;
  chooseDepartment(id: string): void;
  rate(rating: number): void;
  endChat(): void;
  /** A blob URL of the message's file, read with the session (images are shown, the rest downloaded). */
  fileUrl(message: WidgetMessage): Promise<string>;
};

/**
 * The widget's DOM inside its shadow root: the launcher, and the panel (a labelled dialog) with the conversation
 * and the composer. Built once; `render` brings it to a state. Messages are reconciled by key, so an image or a
 * focused "Send again" button survives the re-renders the live events cause.
 */
export class WidgetView {
  private readonly root: HTMLDivElement;
  private readonly launcher: HTMLButtonElement;
  private readonly dot: HTMLSpanElement;
  private readonly panel: HTMLDivElement;
  private readonly endButton: HTMLButtonElement;
  private readonly stateBox: HTMLDivElement;
  private readonly stateText: HTMLParagraphElement;
  private readonly retryButton: HTMLButtonElement;
  private readonly guestForm: HTMLFormElement;
  private readonly guestName: HTMLInputElement;
  private readonly guestEmail: HTMLInputElement;
  private readonly guestError: HTMLParagraphElement;
  private readonly guestSubmit: HTMLButtonElement;
  private readonly log: HTMLDivElement;
  private readonly olderButton: HTMLButtonElement;
  private readonly empty: HTMLParagraphElement;
  private readonly list: HTMLDivElement;
  private readonly tail: HTMLDivElement;
  private readonly foot: HTMLDivElement;
  private readonly departments: HTMLFieldSetElement;
  private readonly chip: HTMLDivElement;
  private readonly composerError: HTMLParagraphElement;
  private readonly textarea: HTMLTextAreaElement;
  private readonly fileInput: HTMLInputElement;
  private readonly rendered = new Map<string, { signature: string; element: HTMLElement }>();
  private readonly time: Intl.DateTimeFormat;
  private departmentsShown = '';
  private tailShown = '';
  /** The keys of the first and last message shown, to tell an older page from a new message. */
  private ends: [string | null, string | null] = [null, null];
  private last: WidgetState | null = null;

  constructor(
    host: HTMLElement,
    private readonly t: Translate,
    language: Language,
    private readonly actions: ViewActions,
  ) {
    this.time = new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit' });
    const shadow = host.attachShadow({ mode: 'open' });

    this.dot = h('span', { class: 'dot', 'aria-hidden': 'true', hidden: true });
    this.launcher = h(
      'button',
      {
        type: 'button',
        class: 'launcher',
        'aria-label': t('launcher'),
        'aria-haspopup': 'dialog',
        'aria-expanded': 'false',
        'aria-controls': 'kc-panel',
        onclick: () => actions.toggle(),
      },
      icon(ICONS.chat),
      this.dot,
    );

    this.endButton = h('button', { type: 'button', class: 'ghost', onclick: () => actions.endChat() }, t('endChat'));
    const closeButton = h(
      'button',
      { type: 'button', class: 'icon', 'aria-label': t('close'), onclick: () => actions.close() },
      icon(ICONS.close),
    );

    this.stateText = h('p', { role: 'status' });
    this.retryButton = h('button', { type: 'button', class: 'btn', onclick: () => actions.retry() }, t('retry'));
    this.stateBox = h('div', { class: 'state' }, this.stateText, this.retryButton);

    this.guestName = h('input', { name: 'name', autocomplete: 'name', maxlength: 100, required: true });
    this.guestEmail = h('input', {
      name: 'email',
      type: 'email',
      autocomplete: 'email',
      maxlength: 254,
      required: true,
    });
    this.guestError = h('p', { class: 'error', id: 'kc-guest-error', role: 'alert' });
    for (const input of [this.guestName, this.guestEmail]) input.addEventListener('input', () => actions.guestEdited());
    this.guestSubmit = h('button', { type: 'submit', class: 'btn primary' }, t('start'));
    this.guestForm = h(
      'form',
      {
        class: 'guest',
        novalidate: true,
        onsubmit: (event: Event) => {
          event.preventDefault();
          actions.guest(this.guestName.value, this.guestEmail.value);
        },
      },
      h('p', {}, t('guestIntro')),
      h('label', {}, t('name'), this.guestName),
      h('label', {}, t('email'), this.guestEmail),
      this.guestError,
      this.guestSubmit,
    );

    this.olderButton = h(
      'button',
      { type: 'button', class: 'btn older', onclick: () => actions.older() },
      t('earlier'),
    );
    this.empty = h('p', { class: 'empty' }, t('empty'));
    this.list = h('div', { class: 'log-list' });
    this.tail = h('div', { class: 'log-list' });
    this.log = h(
      'div',
      { class: 'log', role: 'log', 'aria-label': t('conversation'), tabindex: 0 },
      this.olderButton,
      this.empty,
      this.list,
      this.tail,
    );

    this.departments = h('fieldset');
    this.chip = h('div', { class: 'chip' });
    this.composerError = h('p', { class: 'error', role: 'alert' });
    this.textarea = h('textarea', { id: 'kc-message', rows: 1, maxlength: MESSAGE_MAX_LENGTH });
    this.textarea.addEventListener('keydown', (event) => {
      // Enter sends, Shift+Enter is a new line (SPEC §5); never while an IME is composing (Japanese input).
      if (event.key !== 'Enter' || event.shiftKey || event.isComposing || event.keyCode === 229) return;
      event.preventDefault();
      this.submit();
    });
    this.textarea.addEventListener('input', () => this.fitTextarea());
    this.fileInput = h('input', {
      type: 'file',
      accept: WIDGET_FILE_ACCEPT,
      hidden: true,
      tabindex: -1,
      'aria-hidden': 'true',
    });
    this.fileInput.addEventListener('change', () => {
      actions.pickFile(this.fileInput.files?.[0] ?? null);
      this.fileInput.value = '';
    });
    const compose = h(
      'form',
      {
        class: 'compose',
        onsubmit: (event: Event) => {
          event.preventDefault();
          this.submit();
        },
      },
      h('label', { for: 'kc-message', class: 'sr' }, t('message')),
      this.textarea,
      h(
        'button',
        { type: 'button', class: 'icon', 'aria-label': t('attach'), onclick: () => this.fileInput.click() },
        icon(ICONS.attach),
      ),
      this.fileInput,
      h('button', { type: 'submit', class: 'send' }, t('send')),
    );
    this.foot = h('div', { class: 'foot' }, this.departments, this.chip, this.composerError, compose);

    this.panel = h(
      'div',
      { class: 'panel', id: 'kc-panel', role: 'dialog', 'aria-labelledby': 'kc-title', tabindex: -1, hidden: true },
      h('div', { class: 'head' }, h('h2', { id: 'kc-title' }, t('title')), this.endButton, closeButton),
      h('div', { class: 'body' }, this.stateBox, this.guestForm, this.log),
      this.foot,
    );
    this.panel.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        actions.close();
      }
    });
    // Focus can still fall to the page's body (an element under it removed): Escape closes the open panel from
    // there too, but never takes a key meant for something else on the page.
    document.addEventListener('keydown', (event) => {
      const onPage = document.activeElement === document.body || document.activeElement === host;
      if (event.key === 'Escape' && !this.panel.hidden && onPage && !event.defaultPrevented) actions.close();
    });

    this.root = h('div', { class: 'root', lang: language }, this.launcher, this.panel);
    // A constructed stylesheet is not inline style for a Content-Security-Policy, so a site whose style-src has no
    // 'unsafe-inline' still styles the widget; a <style> element where browsers lack them (Safari before 16.4).
    try {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(STYLES);
      shadow.adoptedStyleSheets = [sheet];
    } catch {
      const style = h('style');
      style.textContent = STYLES;
      shadow.append(style);
    }
    shadow.append(this.root);
  }

  render(state: WidgetState): void {
    const before = this.last;
    this.last = state;
    const t = this.t;
    const opened = state.open && !before?.open;

    this.root.classList.toggle('open', state.open);
    this.launcher.setAttribute('aria-expanded', String(state.open));
    this.dot.hidden = !state.unread || state.open;
    this.panel.hidden = !state.open;
    this.endButton.hidden = !(state.phase === 'ready' && state.visitor && !state.visitor.verified);

    const phase = state.phase;
    this.stateBox.hidden = phase !== 'loading' && phase !== 'error' && phase !== 'idle';
    this.stateText.textContent = phase === 'error' ? (state.error ?? t('loadError')) : t('loading');
    this.retryButton.hidden = phase !== 'error';
    this.guestForm.hidden = phase !== 'guest';
    this.guestError.textContent = state.guestError?.text ?? '';
    // aria-disabled, not disabled: a disabled button drops the focus to the page, out of the panel's Escape.
    this.guestSubmit.setAttribute('aria-disabled', String(state.guestBusy));
    for (const [field, input] of [
      ['name', this.guestName],
      ['email', this.guestEmail],
    ] as const) {
      const invalid = state.guestError?.field === field;
      input.setAttribute('aria-invalid', String(invalid));
      if (invalid) input.setAttribute('aria-describedby', 'kc-guest-error');
      else input.removeAttribute('aria-describedby');
      // The field to fix gets the focus when the complaint is new.
      if (invalid && before?.guestError !== state.guestError) input.focus();
    }
    this.log.hidden = phase !== 'ready';
    this.foot.hidden = phase !== 'ready';

    if (phase === 'ready') this.renderConversation(state, before);

    if (opened || (state.open && before?.phase !== phase && this.focusLost())) this.focusPrimary(phase);
  }

  /** Focus for the launcher, after the panel closed (Escape or the close button). */
  focusLauncher(): void {
    this.launcher.focus();
  }

  /** The composer's text box, for the department choice or after sending. */
  focusComposer(): void {
    this.textarea.focus();
  }

  private renderConversation(state: WidgetState, before: WidgetState | null): void {
    const t = this.t;
    const fromBottom = this.log.scrollHeight - this.log.scrollTop - this.log.clientHeight;
    const [previousFirst, previousLast] = this.ends;

    this.olderButton.hidden = !state.hasMore;
    this.olderButton.disabled = state.olderBusy;
    const shown = state.items.filter((item) => item.type !== 'rating');
    this.empty.hidden = shown.length > 0 || state.held.length > 0;

    // Messages: reuse the element of an unchanged message, build the others, and put them in order.
    const keep = new Set<string>();
    const elements = shown.map((item) => {
      const key = itemKey(item);
      keep.add(key);
      const signature = `${item.id}|${item.local ?? ''}|${item.text}|${item.file?.url ?? ''}`;
      const known = this.rendered.get(key);
      if (known?.signature === signature) return known.element;
      known?.element.remove();
      const element = this.message(item);
      this.rendered.set(key, { signature, element });
      return element;
    });
    for (const [key, { element }] of this.rendered) {
      if (!keep.has(key)) {
        element.remove();
        this.rendered.delete(key);
      }
    }
    elements.forEach((element, i) => {
      if (this.list.children[i] !== element) this.list.insertBefore(element, this.list.children[i] ?? null);
    });

    this.renderTail(state);
    this.renderDepartments(state);

    this.chip.hidden = !state.file;
    if (state.file && this.chip.dataset.name !== state.file.name) {
      this.chip.dataset.name = state.file.name;
      this.chip.replaceChildren(
        icon(ICONS.file),
        h('span', {}, state.file.name),
        h(
          'button',
          { type: 'button', class: 'icon', 'aria-label': t('removeFile'), onclick: () => this.actions.pickFile(null) },
          icon(ICONS.close),
        ),
      );
    }
    if (!state.file) delete this.chip.dataset.name;
    this.composerError.textContent = state.composerError ?? '';
    this.composerError.hidden = !state.composerError;

    // Where the conversation scrolls: older messages keep the reader's place; new ones follow the bottom when the
    // reader was there (or it is the visitor's own).
    const first = shown[0] ? itemKey(shown[0]) : null;
    const lastItem = shown[shown.length - 1];
    const last = lastItem ? itemKey(lastItem) : null;
    this.ends = [first, last];
    if (previousFirst !== null && first !== previousFirst && last === previousLast) {
      this.log.scrollTop = this.log.scrollHeight - this.log.clientHeight - fromBottom;
    } else if (
      fromBottom < 80 ||
      before?.phase !== 'ready' ||
      (lastItem?.local === 'sending' && last !== previousLast)
    ) {
      this.log.scrollTop = this.log.scrollHeight;
    }
  }

  /** Held messages, the last notice and the rating or its thanks: after the messages, rebuilt when they change. */
  private renderTail(state: WidgetState): void {
    const t = this.t;
    const step = ratingStep(state.ticket);
    const closed = state.ticket?.stage === 'closed';
    const closingText = closed ? state.ticket!.closing?.text : null;
    const signature = JSON.stringify([state.held, state.notice, step, closed, closingText, state.ticket?.id]);
    if (signature === this.tailShown) return;
    this.tailShown = signature;
    // The rating buttons go once one is pressed: focus goes on to the composer, not to the page's body.
    const focusInside = this.tail.contains(this.active());
    const parts: HTMLElement[] = state.held.map((held) =>
      h(
        'div',
        { class: 'msg visitor' },
        h('div', { class: 'bubble' }, held.text),
        h('div', { class: 'meta' }, h('span', { class: 'sr' }, t('you')), this.clock(held.createdAt), t('held')),
      ),
    );
    if (state.notice) parts.push(h('p', { class: 'system' }, state.notice));
    if (closingText) parts.push(h('p', { class: 'system' }, closingText));
    if (step && 'ask' in step) {
      const stars = [1, 2, 3].map((n) =>
        h(
          'button',
          { type: 'button', onclick: () => this.actions.rate(n) },
          h('span', { 'aria-hidden': 'true' }, '★'.repeat(n)),
          h('span', { class: 'sr' }, t('rateN', { n })),
        ),
      );
      parts.push(
        h(
          'div',
          { class: 'rating', role: 'group', 'aria-labelledby': 'kc-rate' },
          h('p', { id: 'kc-rate' }, step.ask),
          h('div', { class: 'stars' }, ...stars),
        ),
      );
    }
    if (step && 'thanks' in step) parts.push(h('p', { class: 'system' }, step.thanks));
    if (closed) parts.push(h('p', { class: 'system' }, t('writeAgain')));
    this.tail.replaceChildren(...parts);
    if (focusInside) this.textarea.focus();
  }

  private renderDepartments(state: WidgetState): void {
    const choice = departmentChoice(state);
    this.departments.hidden = !choice;
    const signature = choice ? `${choice.mode}|${choice.departments.map((d) => d.id).join()}` : '';
    if (signature !== this.departmentsShown) {
      this.departmentsShown = signature;
      this.departments.replaceChildren(
        h('legend', {}, this.t('department')),
        ...(choice?.departments ?? []).map((department) => {
          const radio = h('input', { type: 'radio', name: 'kc-department', value: department.id });
          radio.addEventListener('change', () => this.actions.chooseDepartment(department.id));
          return h('label', { class: 'choice' }, radio, department.name);
        }),
      );
    }
    for (const radio of this.departments.querySelectorAll('input')) radio.checked = radio.value === state.department;
  }

  private message(item: ChatItem): HTMLElement {
    const t = this.t;
    if (item.from === 'system') {
      const text = item.type === 'close' ? t('closed') : item.type === 'reopen' ? t('reopened') : item.text;
      return h('p', { class: 'system' }, text, ' ', this.clock(item.createdAt));
    }
    const visitor = item.from === 'visitor';
    const bubble = h('div', { class: 'bubble' });
    if (item.file) bubble.append(this.file(item));
    if (item.text) bubble.append(item.file ? h('div', { class: 'caption' }, item.text) : item.text);
    const meta = h(
      'div',
      { class: 'meta' },
      visitor && h('span', { class: 'sr' }, t('you')),
      this.clock(item.createdAt),
    );
    if (item.local === 'sending') meta.append(t('sending'));
    if (item.local === 'failed') {
      const cid = item.clientMessageId ?? '';
      meta.append(
        h('span', { class: 'bad' }, t('failed')),
        h('button', { type: 'button', class: 'link', onclick: () => this.actions.resend(cid) }, t('resend')),
      );
    }
    return h(
      'div',
      { class: `msg ${visitor ? 'visitor' : 'agent'}${item.local === 'failed' ? ' failed' : ''}` },
      !visitor && h('div', { class: 'who' }, item.agentName ?? t('agent')),
      bubble,
      meta,
    );
  }

  /** An image is shown (and downloads when clicked); any other file is a download button. */
  private file(item: ChatItem): HTMLElement {
    const file = item.file!;
    // No URL: the file never reached KreeChat (too large for the channel, SPEC §5's 'Filesize too large!').
    if (item.local || !file.url) return h('span', { class: 'file' }, icon(ICONS.file), file.name);
    if (file.kind === 'image') {
      const image = h('img', { alt: file.name });
      const link = h('a', { download: file.name }, image);
      this.actions
        .fileUrl(item)
        .then((url) => {
          image.src = url;
          link.href = url;
        })
        .catch(() => link.replaceWith(this.downloadButton(item)));
      return link;
    }
    return this.downloadButton(item);
  }

  private downloadButton(item: ChatItem): HTMLButtonElement {
    const name = item.file!.name;
    return h(
      'button',
      {
        type: 'button',
        class: 'file',
        onclick: () => {
          void this.actions.fileUrl(item).then((url) => {
            const anchor = h('a', { href: url, download: name });
            this.root.append(anchor);
            anchor.click();
            anchor.remove();
          });
        },
      },
      icon(ICONS.file),
      this.t('download', { name }),
    );
  }

  private clock(createdAt: string): HTMLTimeElement | string {
    const date = new Date(createdAt);
    return Number.isNaN(date.getTime()) ? '' : h('time', { datetime: createdAt }, this.time.format(date));
  }

  private submit(): void {
    if (this.actions.send(this.textarea.value)) {
      this.textarea.value = '';
      this.fitTextarea();
    }
  }

  private fitTextarea(): void {
    this.textarea.style.height = 'auto';
    this.textarea.style.height = `${Math.min(this.textarea.scrollHeight + 2, 140)}px`;
  }

  /** Whether focus is nowhere useful in the panel: on the panel itself, or on something the new phase hid. */
  private focusLost(): boolean {
    const active = this.active();
    return !active || active === this.panel || active.closest('[hidden]') !== null;
  }

  /** The focused element inside the shadow root, if any. */
  private active(): Element | null {
    return (this.root.getRootNode() as ShadowRoot).activeElement;
  }

  private focusPrimary(phase: Phase): void {
    const target =
      phase === 'ready'
        ? this.textarea
        : phase === 'guest'
          ? this.guestName
          : phase === 'error'
            ? this.retryButton
            : this.panel;
    target.focus();
  }
}
