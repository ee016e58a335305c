
/// The window's settings page, served at `homecompanion://settings/` with no port opened. Its
/// script reads `state` (and again every five seconds for the sensors' live values, changed in
/// place so the keyboard's focus stays) and posts to `action` on the same scheme, and writes
/// every value with `textContent`, so nothing a server or sensor says becomes markup. The colours are Home
/// Assistant's default theme (the design tokens'), light or dark as the system prefers.
enum SettingsPage {
    static let scheme = "homecompanion"
    static let url = "homecompanion://settings/"

    static let html = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>HomeCompanion settings</title>
        <meta name="color-scheme" content="light dark">
        <style>
          :root { --primary: #0277bd; --text: #212121; --secondary: #727272; --card: #ffffff; --background: #fafafa; --divider: rgba(0,0,0,.12); font-family: Roboto, "Noto Sans", sans-serif; }
          @media (prefers-color-scheme: dark) { :root { --text: #e1e1e1; --secondary: #9b9b9b; --card: #1c1c1c; --background: #111111; --divider: rgba(225,225,225,.12); } }
          body { margin: 0; background: var(--background); color: var(--text); }
          header { background: #0288d1; color: #fff; padding: 16px 24px; display: flex; align-items: center; gap: 24px; }
          header h1 { font-size: 20px; font-weight: 400; margin: 0; flex: 1; }
          header a { color: #fff; }
          main { max-width: 760px; margin: 16px auto; padding: 0 16px; }
          section { background: var(--card); border-radius: 12px; border: 1px solid var(--divider); margin-bottom: 16px; padding: 8px 16px 16px; }
          h2 { font-size: 18px; font-weight: 500; }
          table { width: 100%; border-collapse: collapse; }
          td, th { text-align: left; padding: 8px 4px; border-top: 1px solid var(--divider); }
          th { color: var(--secondary); font-weight: 500; }
          button { background: #0277bd; color: #fff; border: 0; border-radius: 4px; padding: 6px 14px; font: inherit; cursor: pointer; }
          button:focus-visible, input:focus-visible, a:focus-visible { outline: 3px solid #ff9800; outline-offset: 2px; }
          form label { display: inline-block; margin: 4px 12px 4px 0; }
          input[type=url], input[type=password], input:not([type]) { font: inherit; padding: 4px 6px; border: 1px solid var(--divider); border-radius: 4px; background: var(--card); color: var(--text); }
          h3 { font-size: 16px; font-weight: 500; }
          .muted { color: var(--secondary); }
          #problem { color: #b00020; }
        </style></head>
        <body>
        <header><h1>HomeCompanion settings</h1><a id="back" href="#">Back to Home Assistant</a></header>
        <main>
          <p id="problem" role="alert"></p>
          <section aria-labelledby="servers-title"><h2 id="servers-title">Servers</h2>
            <table><thead><tr><th scope="col">Server</th><th scope="col">Default</th><th scope="col"></th></tr></thead><tbody id="servers"></tbody></table>
            <form id="sign-in" aria-labelledby="sign-in-title"><h3 id="sign-in-title">Sign in to a server</h3>
              <label>Server <input id="sign-in-server" type="url" required placeholder="http://homeassistant.local:8123"></label>
              <label>User name <input id="sign-in-username" required autocomplete="username"></label>
              <label>Password <input id="sign-in-password" type="password" required autocomplete="current-password"></label>
              <button type="submit">Sign in</button> <button type="button" id="sign-in-browser">Sign in in the browser</button></form>
            <p id="browser-waiting" class="muted" aria-live="polite"></p>
            <p id="discovered-title">On this network: <span id="discovered" aria-live="polite">looking…</span></p>
            <p class="muted">A server that asks for a further step (such as an authenticator code) or signs in elsewhere: <em>Sign in in the browser</em>, as <code>home login URL --browser</code> does.</p></section>
          <section aria-labelledby="sensors-title"><h2 id="sensors-title">Sensors reported to <span id="server"></span></h2>
            <table><thead><tr><th scope="col">Reports</th><th scope="col">Sensor</th><th scope="col">Now</th></tr></thead><tbody id="sensors"></tbody></table>
            <p class="muted">None reports until you turn it on; <code>home agent</code> sends them.</p></section>
          <div id="switches"></div>
          <section aria-labelledby="notifications-title"><h2 id="notifications-title">Notifications</h2>
            <table><thead><tr><th scope="col">Received</th><th scope="col">Notification</th><th scope="col">Actions</th></tr></thead><tbody id="notifications"></tbody></table>
            <p class="muted">What <code>home agent</code> received from this server, newest first; a button presses its action, as <code>home notifications act ID ACTION</code> does.</p></section>
          <section aria-labelledby="thread-title"><h2 id="thread-title">Thread networks</h2>
            <table><thead><tr><th scope="col">Network</th><th scope="col">Channel</th><th scope="col">Id</th></tr></thead><tbody id="thread"></tbody></table>
            <p class="muted">Share one with the server from its Thread page (<em>Import from app</em>), or with <code>home thread share ID</code>.</p></section>
          <section aria-labelledby="tray-title"><h2 id="tray-title">Tray</h2>
            <table><thead><tr><th scope="col">Quick action</th><th scope="col"></th></tr></thead><tbody id="pins"></tbody></table>
            <form id="pin"><label>Entity <input id="pin-entity" required placeholder="light.kitchen"></label> <button type="submit">Pin</button></form>
            <p class="muted">What <code>home tray</code> offers in its menu: lights, switches, fans, covers and input booleans toggle; scripts and scenes run; buttons are pressed. As <code>home tray pin|unpin ENTITY</code>.</p></section>
          <section aria-labelledby="autostart-title"><h2 id="autostart-title">Start with the session</h2>
            <p><input type="checkbox" id="autostart-agent"> <label for="autostart-agent">The agent (sensors, notifications, controls)</label></p>
            <p><input type="checkbox" id="autostart-tray"> <label for="autostart-tray">The tray (quick actions in the panel)</label></p>
            <p class="muted">XDG autostart entries, as <code>home autostart enable|disable</code> writes them.</p></section>
          <section aria-labelledby="about-title"><h2 id="about-title">About</h2><p>HomeCompanion <span id="version"></span></p></section>
        </main>
        <script>
        "use strict";
        const cell = (text) => { const td = document.createElement("td"); td.textContent = text; return td; };
        const shown = (sensor) => {
          const value = typeof sensor.state === "string" ? sensor.state : JSON.stringify(sensor.state);
          return value + (sensor.unit && value !== "unavailable" ? " " + sensor.unit : "");
        };
        // A row with a labelled checkbox `id` that calls `changed(checked)`, and `last` after it.
        const switchRow = (id, text, checked, changed, last) => {
          const row = document.createElement("tr");
          const toggle = document.createElement("td");
          const box = document.createElement("input");
          box.type = "checkbox";
          box.id = id;
          box.checked = checked;
          box.addEventListener("change", () => changed(box.checked));
          const label = document.createElement("label");
          label.htmlFor = id;
          label.textContent = text;
          toggle.append(box);
          const name = document.createElement("td");
          name.append(label);
          row.append(toggle, name, last);
          return row;
        };
        // Every few seconds the sensors' values and switches are read again and changed in place,
        // so that nothing the keyboard is on moves or loses its focus.
        async function refresh() {
          const answer = await fetch("homecompanion://settings/state");
          if (!answer.ok) { return; }
          const state = await answer.json();
          for (const sensor of state.sensors) {
            const value = document.getElementById("value-" + sensor.id);
            const box = document.getElementById("sensor-" + sensor.id);
            if (value) { value.textContent = shown(sensor); }
            if (box) { box.checked = sensor.enabled; }
          }
          document.body.dataset.refreshes = String(Number(document.body.dataset.refreshes || 0) + 1);
        }
        // Posts an action, then reads the state again: in place (`refresh`) for a sensor's switch,
        // which keeps the keyboard's focus on it, else the whole page (`load`); true when it was done.
        async function post(body, after = load) {
          const answer = await fetch("homecompanion://settings/action", { method: "POST", body: JSON.stringify(body) });
          let problem = "";
          if (!answer.ok) {
            problem = await answer.text();
            try { problem = JSON.parse(problem).error || problem; } catch (_) { /* plain text */ }
          }
          document.getElementById("problem").textContent = problem;
          await after();
          return answer.ok;
        }
        async function load() {
          const answer = await fetch("homecompanion://settings/state");
          const state = await answer.json();
          if (!answer.ok) { document.getElementById("problem").textContent = state.error || "the settings could not be read"; return; }
          document.getElementById("version").textContent = state.version;
          document.getElementById("server").textContent = state.server;
          document.getElementById("back").href = state.server + "/?external_auth=1";
          const servers = document.getElementById("servers");
          servers.replaceChildren(...state.servers.map((server) => {
            const row = document.createElement("tr");
            row.append(cell(server.url), cell(server.default ? "yes" : ""));
            const action = document.createElement("td");
            const button = (text, body) => {
              const pressed = document.createElement("button");
              pressed.textContent = text;
              pressed.addEventListener("click", () => post(body));
              action.append(pressed, " ");
            };
            if (server.url !== state.server) { button("Open", { action: "open", server: server.url }); }
            if (!server.default) { button("Make default", { action: "default", server: server.url }); }
            button("Sign out", { action: "sign-out", server: server.url });
            row.append(action);
            return row;
          }));
          const sensors = document.getElementById("sensors");
          sensors.replaceChildren(...state.sensors.map((sensor) => {
            const value = cell(shown(sensor));
            value.id = "value-" + sensor.id;
            return switchRow("sensor-" + sensor.id, sensor.name, sensor.enabled, (on) => post({ action: "sensor", id: sensor.id, on }, refresh), value);
          }));
          // Sections of switches plugins offer (controls, plugins): a checkbox each, labelled.
          document.getElementById("switches").replaceChildren(...(state.switches || []).map((section) => {
            const box = document.createElement("section");
            box.id = "switches-" + section.section;
            const title = document.createElement("h2");
            title.id = box.id + "-title";
            title.textContent = section.title;
            box.setAttribute("aria-labelledby", title.id);
            const list = document.createElement("table");
            const body = document.createElement("tbody");
            body.append(...section.items.map((item) => switchRow(
              "switch-" + section.section + "-" + item.id, item.name, item.on, (on) => post({ action: "switch", section: section.section, id: item.id, on }), cell(item.detail)
            )));
            list.append(body);
            const explanation = document.createElement("p");
            explanation.className = "muted";
            explanation.textContent = section.error ? "Cannot be read now: " + section.error : section.explanation;
            box.append(title, list, explanation);
            return box;
          }));
          const notifications = document.getElementById("notifications");
          notifications.replaceChildren(...(state.notifications || []).map((notification) => {
            const row = document.createElement("tr");
            row.append(cell(notification.received), cell((notification.title ? notification.title + ": " : "") + notification.message));
            const actions = document.createElement("td");
            for (const action of notification.actions) {
              const pressed = document.createElement("button");
              pressed.textContent = action.title;
              let reply = null;
              if (action.reply) {
                reply = document.createElement("input");
                reply.type = "text";
                reply.setAttribute("aria-label", action.title);
                actions.append(reply, " ");
              }
              pressed.addEventListener("click", () => post({ action: "notification-action", id: notification.id, button: action.id, text: reply ? reply.value : null }));
              actions.append(pressed, " ");
            }
            row.append(actions);
            return row;
          }));
          const thread = document.getElementById("thread");
          thread.replaceChildren(...(state.threadNetworks || []).map((network) => {
            const row = document.createElement("tr");
            row.append(cell(network.name || "(no name)"), cell(network.channel === null ? "" : String(network.channel)), cell(network.id));
            return row;
          }));
          const pins = document.getElementById("pins");
          pins.replaceChildren(...(state.pins || []).map((entity) => {
            const row = document.createElement("tr");
            const action = document.createElement("td");
            const unpin = document.createElement("button");
            unpin.textContent = "Unpin";
            unpin.addEventListener("click", () => post({ action: "unpin", entity }));
            action.append(unpin);
            row.append(cell(entity), action);
            return row;
          }));
          for (const item of ["agent", "tray"]) {
            const box = document.getElementById("autostart-" + item);
            box.checked = Boolean(state.autostart && state.autostart[item]);
            box.onchange = () => post({ action: "autostart", item, on: box.checked });
          }
          document.body.dataset.loaded = "yes";
        }
        document.getElementById("sign-in").addEventListener("submit", async (event) => {
          event.preventDefault();
          const field = (name) => document.getElementById("sign-in-" + name);
          const body = { action: "sign-in", server: field("server").value, username: field("username").value, password: field("password").value };
          field("password").value = "";
          if (await post(body)) { event.target.reset(); }
        });
        // The browser signs in (any step the server asks for); this waits until it has.
        document.getElementById("sign-in-browser").addEventListener("click", async () => {
          const server = document.getElementById("sign-in-server");
          if (!server.reportValidity()) { return; }
          const waiting = document.getElementById("browser-waiting");
          waiting.textContent = "Waiting for the sign-in in your browser…";
          if (await post({ action: "sign-in-browser", server: server.value })) { document.getElementById("sign-in").reset(); }
          waiting.textContent = "";
        });
        document.getElementById("pin").addEventListener("submit", async (event) => {
          event.preventDefault();
          if (await post({ action: "pin", entity: document.getElementById("pin-entity").value.trim() })) { event.target.reset(); }
        });
        // Servers that announce themselves (zeroconf): a button puts one's URL in the sign-in form.
        async function discover() {
          const list = document.getElementById("discovered");
          const answer = await fetch("homecompanion://settings/discovered");
          if (!answer.ok) { list.textContent = "none found (" + ((await answer.json()).error || "no Avahi") + ")"; return; }
          const found = await answer.json();
          if (found.length === 0) { list.textContent = "none found"; return; }
          list.replaceChildren(...found.map((server) => {
            const use = document.createElement("button");
            use.type = "button";
            use.textContent = server.name + (server.version ? " (" + server.version + ")" : "") + " · " + server.url;
            use.addEventListener("click", () => { document.getElementById("sign-in-server").value = server.url; document.getElementById("sign-in-username").focus(); });
            return use;
          }));
          document.body.dataset.discovered = String(found.length);
        }
        load();
        discover();
        setInterval(refresh, 5000);
        </script></body></html>
        """
}
