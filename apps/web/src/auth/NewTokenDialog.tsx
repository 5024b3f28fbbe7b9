// The created token's id and key, shown once: the server never shows the key again.
import { useEffect, useRef, useState } from 'react';
import type { ApiToken } from './tokens';

export function NewTokenDialog({ token, onClose }: { token: ApiToken; onClose: () => void }) {
  const keyInput = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'no' | 'yes' | 'select'>('no');

  useEffect(() => {
    keyInput.current?.focus();
    keyInput.current?.select();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  function copy() {
    // The clipboard API needs a secure context and permission; without it the key is selected for Ctrl+C.
    const select = () => {
      keyInput.current?.focus();
      keyInput.current?.select();
      setCopied('select');
    };
    try {
      const clipboard = navigator.clipboard;
      if (!clipboard?.writeText) return select();
      clipboard.writeText(token.key).then(() => setCopied('yes'), select);
    } catch {
      select();
    }
  }

  return (
    <div className="dialog-backdrop">
      <div className="dialog" role="dialog" aria-modal="true" aria-labelledby="new-token-title" aria-describedby="new-token-help">
        <h2 id="new-token-title">Token {token.name} created</h2>
        <p id="new-token-help">
          This is the only time the key is shown: copy it now and keep it somewhere safe. A client signs its requests
          with the token id and this key (HMAC).
        </p>
        <dl>
          <dt>Token id</dt>
          <dd>
            <code>{token.id}</code>
          </dd>
          <dt>
            <label htmlFor="new-token-key">Key</label>
          </dt>
          <dd>
            <input id="new-token-key" ref={keyInput} readOnly value={token.key} spellCheck={false} />
          </dd>
        </dl>
        <p role="status" className="muted">
          {copied === 'yes' ? 'Key copied to the clipboard.' : copied === 'select' ? 'Press Ctrl+C to copy the selected key.' : ''}
        </p>
        <div className="dialog-actions">
          <button type="button" onClick={copy}>
            Copy key
          </button>
          <button type="button" className="primary" onClick={onClose}>
            Done
          </button>
        </div>
      </div>
    </div>
  );
}
