// The students' page: join, answer, see the verdict (protocol: docs/class.md, "Protocol").
// Every word shown comes from the page's data (the words files, in the session's language);
// every text from the server or a person is put in with textContent, never as HTML. The
// board's SVG is the server's own painting.
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("class-data").textContent);
  const W = data.words;
  const $ = (id) => document.getElementById(id);
  const say = (key, params) => {
    let text = W[key] || key;
    for (const [name, value] of Object.entries(params || {})) {
      text = text.split("{" + name + "}").join(String(value));
    }
    return text;
  };
  const query = new URLSearchParams(location.search);
  let code = (query.get("code") || "").trim().toUpperCase();
  const storageKey = () => "shangrila-class:" + code;
  const remembered = () => {
    try { return localStorage.getItem(storageKey()); } catch (e) { return null; }
  };
  const remember = (token) => {
    try {
      if (token) localStorage.setItem(storageKey(), token);
      else localStorage.removeItem(storageKey());
    } catch (e) { /* private mode: the phone will join again after a reload */ }
  };

  let resume = code ? remembered() : null;
  let wantJoin = null; // the join message to send once linked
  let socket = null;
  let opened = false;
  let failures = 0;
  let http = false;
  let polling = null; // the long poll under way (its AbortController)
  let offline = false;
  let current = null; // the question on show (public or revealed)
  let revealed = false;
  let mine = null; // this phone's answer to the question on show
  let chosen = []; // spaces chosen, for "every space that changes"
  let zoomed = null;

  const words = [
    ["title", "class.title"], ["join-heading", "class.join_heading"],
    ["code-label", "class.code_label"], ["name-label", "class.name_label"],
    ["join-button", "class.join"], ["waiting-text", "class.waiting"],
    ["back-button", "class.back"], ["done-button", "class.done"],
    ["spaces-hint", "class.tap_spaces"], ["steps-heading", "class.steps"],
    ["ended-text", "class.ended"],
  ];
  for (const [id, key] of words) $(id).textContent = say(key);
  $("code").value = code;

  const show = (section) => {
    for (const id of ["join", "waiting", "question", "ended"]) $(id).hidden = id !== section;
  };
  const status = (text) => { $("status").textContent = text || ""; };
  const error = (text) => { $("error").textContent = text || ""; $("error").hidden = !text; };

  // the link: a websocket, or plain HTTP when no websocket gets through

  const send = (message) => {
    if (http) return sendHttp(message);
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  };
  const connect = () => {
    if (http) return;
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + location.host + "/ws");
    socket.onopen = () => {
      opened = true;
      failures = 0;
      status("");
      if (resume) send({ type: "join", code: code, name: "", resume: resume });
      else if (wantJoin) send(wantJoin);
    };
    socket.onmessage = (event) => handle(JSON.parse(event.data));
    socket.onclose = () => {
      socket = null;
      failures += 1;
      if (!opened && failures >= 3) return startHttp();
      status(say("class.offline"));
      setTimeout(connect, Math.min(1000 * failures, 5000));
    };
  };
  const post = (path, body) =>
    fetch(path, { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } })
      .then((r) => r.json()).then((list) => list.forEach(handle))
      .catch(() => status(say("class.offline")));
  const sendHttp = (message) => {
    if (message.type === "join") return post("/api/join", message);
    if (message.type === "answer") {
      return post("/api/answer", { student: resume, index: message.index, answer: message.answer });
    }
  };
  // A long poll: the server answers once what is on differs from what it last told this
  // phone (or after 15 s), and the page asks again at once; after a failure, in 3 s.
  const poll = (wait) => {
    if (polling) polling.abort();
    polling = null;
    if (!resume) return; // the join's reply starts it
    const asked = new AbortController();
    polling = asked;
    fetch("/api/now?student=" + encodeURIComponent(resume) + (wait ? "&wait=1" : ""),
      { signal: asked.signal })
      .then((r) => r.json()).then((list) => {
        if (offline) status(say("class.http_fallback"));
        offline = false;
        list.forEach(handle);
        if (polling === asked) poll(true);
      })
      .catch(() => {
        if (polling !== asked) return; // replaced by a newer poll
        offline = true;
        status(say("class.offline"));
        polling = null;
        setTimeout(() => { if (!polling) poll(true); }, 3000);
      });
  };
  const startHttp = () => {
    http = true;
    status(say("class.http_fallback"));
    if (resume) send({ type: "join", code: code, name: "", resume: resume });
    else if (wantJoin) send(wantJoin);
    poll(true);
  };
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "visible") return;
    if (http) poll(false); // a poll begun before the phone slept may hang on a dead link
    else if (!socket) connect();
  });

  // what the server says

  const handle = (message) => {
    switch (message.type) {
      case "joined":
        resume = message.resume;
        remember(resume);
        error("");
        status(say("class.joined_as", { name: message.name || say("class.anonymous") }));
        if (http && !polling) poll(true);
        break;
      case "waiting":
        current = null;
        show("waiting");
        break;
      case "question":
        showQuestion(message.question, message.yours, false);
        break;
      case "revealed":
        showQuestion(message.question, message.yours ? message.yours.answer : null, true);
        showVerdict(message.question, message.yours);
        break;
      case "ended":
        current = null;
        showEnded(message.results);
        break;
      case "ack":
        if (current && message.index === current.index) acknowledged(message.answer);
        break;
      case "error":
        if (message.code === "replayed") break; // the answer stands as it was
        error(message.message);
        if (message.code === "wrong_token") {
          resume = null;
          remember(null);
          show("join");
        }
        break;
    }
  };

  // the question

  const answerText = (answer) => {
    if (!answer) return "";
    if (answer.spaces) return spacesText(answer.spaces);
    if (answer.option !== undefined && current && current.options[answer.option] !== undefined) {
      const option = current.options[answer.option];
      return typeof option === "string" ? option : option.text;
    }
    return answer.action || "";
  };
  const spacesText = (spaces) =>
    spaces.map(([v, t]) => say("class.space", { village: v, type: say("type." + t) })).join("; ");

  // The pictures come by address (the board, each village opened large), fetched once.
  const pictures = new Map();
  const picture = (address) => {
    if (!pictures.has(address)) {
      pictures.set(address, fetch(address).then((r) => {
        if (!r.ok) throw new Error(r.status);
        return r.text();
      }).catch((e) => { pictures.delete(address); throw e; }));
    }
    return pictures.get(address);
  };
  const drawBoard = () => {
    const address = zoomed ? current.zoom[zoomed] : current.board;
    $("zoom-bar").hidden = !zoomed;
    if (!address) { $("board").textContent = ""; delete $("board").dataset.view; return; }
    const view = zoomed || "board";
    $("board").setAttribute("aria-busy", "true"); // until the picture asked for is drawn
    picture(address).then((svg) => {
      if (address !== (zoomed ? current.zoom[zoomed] : current.board)) return; // moved on
      $("board").innerHTML = svg; // the server's own painting of the board
      $("board").dataset.shown = address;
      $("board").dataset.view = view; // "board", or the village opened large
      $("board").removeAttribute("aria-busy");
      markChosen();
    }).catch(() => status(say("class.offline")));
  };
  const markChosen = () => {
    for (const g of $("board").querySelectorAll("g.space, g.tile")) {
      const on = chosen.some(([v, t]) => v === g.dataset.village && t === g.dataset.type);
      g.classList.toggle("sel", on);
    }
    const finding = current && current.kind === "find_changes" && !revealed;
    $("chosen").hidden = !finding;
    $("chosen").textContent = chosen.length
      ? say("class.chosen", { spaces: spacesText(chosen) }) : say("class.chosen_none");
  };

  const showQuestion = (question, yours, isRevealed) => {
    const same = current && current.id === question.id && current.index === question.index;
    const keepZoom = same && !isRevealed;
    const zoom = current && same ? current.zoom : null;
    current = Object.assign({}, question);
    if (!current.zoom) current.zoom = zoom || {};
    revealed = isRevealed;
    mine = yours;
    if (!keepZoom) zoomed = null;
    if (!same) chosen = yours && yours.spaces ? yours.spaces.slice() : [];
    show("question");
    error("");
    $("progress").textContent = say("class.question_of", { n: question.index + 1, total: question.total });
    $("question-text").textContent = question.question;
    const address = zoomed ? current.zoom[zoomed] : current.board;
    if ($("board").dataset.shown !== address) drawBoard();
    else markChosen();
    const finding = question.kind === "find_changes" && !isRevealed;
    $("spaces-hint").hidden = !finding;
    $("done-button").hidden = !finding;
    $("verdict").hidden = !isRevealed;
    $("ack").hidden = !(yours && !isRevealed);
    if (yours && !isRevealed) $("ack").textContent = say("class.ack", { answer: answerText(yours) });
    drawOptions();
  };

  const drawOptions = () => {
    const box = $("options");
    box.textContent = "";
    const finding = current.kind === "find_changes";
    if (finding && !revealed) return;
    current.options.forEach((option, index) => {
      const button = document.createElement("button");
      button.type = "button";
      const text = typeof option === "string" ? option : option.text;
      const isMine = mine && mine.option === index;
      let mark = "";
      if (revealed && typeof option !== "string") {
        button.classList.add(option.correct ? "right" : "wrong");
        mark = option.correct ? "✓ " : isMine ? "✗ " : "";
      }
      if (isMine) button.classList.add("mine");
      button.textContent = mark + text;
      button.disabled = revealed;
      button.addEventListener("click", () => answer({ option: index }));
      box.appendChild(button);
    });
  };

  const answer = (given) => {
    if (!current || revealed) return;
    $("ack").hidden = false;
    $("ack").textContent = say("class.sending");
    send({ type: "answer", index: current.index, answer: given });
  };
  const acknowledged = (given) => {
    mine = given;
    $("ack").hidden = false;
    $("ack").textContent = say("class.ack", { answer: answerText(given) });
    drawOptions();
  };

  $("board").addEventListener("click", (event) => {
    if (!current || current.kind !== "find_changes" || revealed) return;
    const target = event.target instanceof Element ? event.target : null;
    if (!target || $("board").getAttribute("aria-busy")) return; // the picture is changing
    if (!zoomed) {
      const village = target.closest("[data-village]");
      if (village && current.zoom[village.dataset.village]) {
        zoomed = village.dataset.village;
        drawBoard();
      }
      return;
    }
    if (target.closest("g.back")) { zoomed = null; drawBoard(); return; }
    const space = target.closest("g.space, g.tile");
    if (!space || space.dataset.village !== zoomed || !space.dataset.type) return;
    const v = space.dataset.village;
    const t = space.dataset.type;
    const at = chosen.findIndex(([cv, ct]) => cv === v && ct === t);
    if (at >= 0) chosen.splice(at, 1);
    else chosen.push([v, t]);
    markChosen();
  });
  $("back-button").addEventListener("click", () => { zoomed = null; drawBoard(); });
  $("done-button").addEventListener("click", () => answer({ spaces: chosen.slice() }));
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && zoomed) { zoomed = null; drawBoard(); }
  });

  const showVerdict = (question, yours) => {
    const line = $("verdict-line");
    line.className = "verdict-line";
    if (yours) {
      line.textContent = say(yours.right ? "class.right" : "class.wrong");
      line.classList.add(yours.right ? "right" : "wrong");
      $("your-answer").textContent = say("class.your_answer", { answer: answerText(yours.answer) });
      $("why").textContent = yours.right ? "" : yours.why;
    } else {
      line.textContent = say("class.no_answer");
      $("your-answer").textContent = "";
      $("why").textContent = "";
    }
    $("right-answer").textContent = say("class.right_answer", { answer: question.answer });
    const steps = $("steps");
    steps.textContent = "";
    for (const step of question.steps || []) {
      const item = document.createElement("li");
      item.textContent = step.words + " (" + step.rule + ")";
      steps.appendChild(item);
    }
    $("steps-heading").hidden = !(question.steps || []).length;
  };

  const showEnded = (results) => {
    show("ended");
    $("results").textContent = results && results.total
      ? say("class.results", results) : "";
    // the learning path read off this student's answers (the server's words)
    const path = results && results.path;
    $("path").hidden = !path;
    $("path-held").textContent = (path && path.held) || "";
    $("path-title").textContent = path ? path.title : "";
    const list = $("path-next");
    list.textContent = "";
    for (const line of (path && path.next) || []) {
      const item = document.createElement("li");
      item.textContent = line.replace(/^- /, "");
      list.appendChild(item);
    }
  };

  // joining

  $("join-button").addEventListener("click", () => {
    code = $("code").value.trim().toUpperCase();
    resume = remembered();
    wantJoin = { type: "join", code: code, name: $("name").value.slice(0, 40), resume: resume };
    if (http) send(wantJoin);
    else if (socket && socket.readyState === WebSocket.OPEN) send(wantJoin);
    else if (!socket) connect();
  });

  if (resume) { status(say("class.offline")); show("waiting"); } else show("join");
  connect();
})();
