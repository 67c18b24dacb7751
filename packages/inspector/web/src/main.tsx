import { render } from 'preact';
import { useState } from 'preact/hooks';
import { api, credentials, qs, type Stats, type UserPage } from './api';
import { Show, useLoad, when } from './load';
import { href, useRoute } from './router';
import { MemoryView } from './views/memory';
import { OpsView } from './views/ops';
import { SessionView } from './views/session';
import { UserView } from './views/user';
import './style.css';

/** The key form: the key stays in this tab (sessionStorage) and goes out only as the Authorization header. */
function KeyForm({ onSaved }: { onSaved(): void }) {
  const [key, setKey] = useState(credentials.key());
  const [tenant, setTenant] = useState(credentials.tenant());
  return (
    <form
      class="row key"
      onSubmit={(e) => {
        e.preventDefault();
        credentials.save(key.trim(), tenant.trim());
        onSaved();
      }}
    >
      <label>
        API key{' '}
        <input
          type="password"
          autocomplete="off"
          value={key}
          onInput={(e) => setKey(e.currentTarget.value)}
          placeholder="engram key (read scope)"
          data-testid="api-key"
        />
      </label>
      <label>
        tenant{' '}
        <input
          value={tenant}
          onInput={(e) => setTenant(e.currentTarget.value)}
          placeholder="the key's (auth off: default)"
          size={14}
        />
      </label>
      <button type="submit" data-testid="save-key">
        Use
      </button>
      {credentials.key() ? <span class="muted">key set for this tab</span> : <span class="muted">no key</span>}
    </form>
  );
}

function Home() {
  const users = useLoad(() => api<UserPage>('GET', `/v1/users${qs({ limit: 200 })}`), []);
  const stats = useLoad(() => api<Stats>('GET', '/v1/admin/stats'), []);
  const [open, setOpen] = useState('');
  return (
    <main>
      <h1>Engram inspector</h1>
      <form
        class="row"
        onSubmit={(e) => {
          e.preventDefault();
          if (open.trim()) location.hash = href.user(open.trim());
        }}
      >
        <label>
          open user <input value={open} onInput={(e) => setOpen(e.currentTarget.value)} data-testid="open-user" />
        </label>
        <button type="submit">Open</button>
      </form>
      <section>
        <h2>Tenant</h2>
        <Show l={stats}>
          {(s) => (
            <p class="row" data-testid="tenant-tiers">
              <span class="stat">
                tenant <b>{s.tenantId}</b>
              </span>
              {Object.entries(s.tiers).map(([tier, n]) => (
                <span key={tier} class="stat">
                  {tier} <b>{n}</b>
                </span>
              ))}
              <span class="stat">
                log events <b>{s.log.events}</b>
              </span>
            </p>
          )}
        </Show>
      </section>
      <section>
        <h2>Users</h2>
        <Show l={users}>
          {(p) => (
            <table data-testid="users">
              <thead>
                <tr>
                  <th>user</th>
                  <th>memories</th>
                  <th>messages</th>
                  <th>sessions</th>
                  <th>last activity</th>
                </tr>
              </thead>
              <tbody>
                {p.users.map((u) => (
                  <tr key={u.userId}>
                    <td>
                      <a href={href.user(u.userId)}>{u.userId}</a>
                    </td>
                    <td>{u.memories}</td>
                    <td>{u.messages}</td>
                    <td>{u.sessions}</td>
                    <td>{when(u.lastActivityAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Show>
      </section>
    </main>
  );
}

function App() {
  const route = useRoute();
  // A new key re-mounts the views, so every one of them loads again with it.
  const [epoch, setEpoch] = useState(0);
  const view = (() => {
    switch (route.view) {
      case 'home':
        return <Home />;
      case 'ops':
        return <OpsView />;
      case 'user':
        return <UserView userId={route.userId} />;
      case 'memory':
        return <MemoryView userId={route.userId} memoryId={route.memoryId} />;
      case 'session':
        return <SessionView userId={route.userId} sessionId={route.sessionId} />;
      default: {
        const never: never = route;
        return never;
      }
    }
  })();
  return (
    <>
      <header>
        <nav class="row">
          <a href={href.home()}>
            <b>Engram</b>
          </a>
          <a href={href.home()}>users</a>
          <a href={href.ops()}>operations</a>
        </nav>
        <KeyForm onSaved={() => setEpoch((n) => n + 1)} />
      </header>
      <div key={`${epoch}:${location.hash}`}>{view}</div>
    </>
  );
}

render(<App />, document.getElementById('app')!);
