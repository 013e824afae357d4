#!/usr/bin/env python3
"""Generate a benchmark state tree: FILES sls files of 50 low chunks each (5,000 by default),
with includes, cross-file requisites, `names` and Jinja loops, plus a pillar and a minion
config. Usage: gen_tree.py DIR [FILES] [--shallow | --formula]

By default each file includes the previous one: a ring, so every chunk's
`__sls_included_from__` lists up to FILES-1 includers (9.4 MB of output at 100 files).
--shallow: each file includes the first file of its group of ten instead.
--formula: a formula-shaped tree (what a team's tree built from saltstack-formulas looks
like, and what issue 31 measured): FILES SLS files of 50 states (file.directory, file.managed
with inline contents and with a Jinja template, `context` and `defaults`, cmd.run with
unless/onlyif/creates guards, test states with `names`), each importing `map.jinja` with
context and including three others, requisites across files (require, watch, onchanges,
require_in); and a pillar of 21 SLS files (~340 KB: ~1,250 nested dicts, several files
merged under the same top key, partly made by Jinja loops) read back through
`salt['pillar.get'](..., merge=True)` in loops."""
import os
import sys

root = os.path.abspath(sys.argv[1])
args = [a for a in sys.argv[2:] if a not in ("--shallow", "--formula")]
shallow = "--shallow" in sys.argv[2:]
formula = "--formula" in sys.argv[2:]
files = int(args[0]) if args else 100
salt = os.path.join(root, "srv", "salt", "bench")
pillar = os.path.join(root, "srv", "pillar")
os.makedirs(salt, exist_ok=True)
os.makedirs(pillar, exist_ok=True)
os.makedirs(os.path.join(root, "conf"), exist_ok=True)


def formula_tree():
    """The --formula shape (see the module docstring)."""
    app = os.path.join(root, "srv", "salt", "app")
    os.makedirs(app, exist_ok=True)
    with open(os.path.join(root, "srv", "salt", "top.sls"), "w") as f:
        f.write("base:\n  '*':\n")
        for i in range(files):
            f.write(f"    - app.s{i}\n")
    with open(os.path.join(app, "map.jinja"), "w") as f:
        f.write("""{%- set defaults = {
    'root': '/tmp/halite-bench',
    'user': 'app',
    'mode': '0644',
    'service': {'name': 'app', 'enabled': True},
    'settings': {'workers': 4, 'log_level': 'info'},
} %}
{%- set osmap = {'Debian': {'pkg': 'app-deb'}, 'RedHat': {'pkg': 'app-rpm'}} %}
{%- set app = salt['pillar.get']('app', default=defaults, merge=True) %}
{%- do app.update(osmap.get(grains['os_family'], {})) %}
""")
    with open(os.path.join(app, "tmpl.j2"), "w") as f:
        f.write("# {{ name }} for {{ grains['id'] }}\nworkers={{ workers }}\nlevel={{ level }}\n")
    sls = """{%- from "app/map.jinja" import app with context %}
{%- set i = I %}
{%- set extra = {} %}
{%- for k in range(5) %}
{%-   do extra.update(salt['pillar.get']('app:section' ~ k, {}, merge=True)) %}
{%- endfor %}
include:
  - app.s{{ (i + 1) % FILES }}
  - app.s{{ (i + 7) % FILES }}
  - app.s{{ (i + 31) % FILES }}
{% for j in range(10) %}
s{{ i }}_{{ j }}_dir:
  file.directory:
    - name: {{ app.root }}/{{ i }}/{{ j }}
    - makedirs: True
    - mode: '0755'
s{{ i }}_{{ j }}_conf:
  file.managed:
    - name: {{ app.root }}/{{ i }}/{{ j }}/app.conf
    - mode: {{ app.mode }}
    - contents: |
        workers={{ app.settings.workers }}
        level={{ app.settings.log_level }}
        keys={{ extra | length }}
    - require:
      - file: s{{ i }}_{{ j }}_dir
s{{ i }}_{{ j }}_tmpl:
  file.managed:
    - name: {{ app.root }}/{{ i }}/{{ j }}/tmpl.conf
    - source: salt://app/tmpl.j2
    - template: jinja
    - context:
        name: s{{ i }}_{{ j }}
        workers: {{ app.settings.workers }}
    - defaults:
        level: {{ app.settings.log_level }}
    - watch:
      - file: s{{ (i + 1) % FILES }}_{{ j }}_conf
s{{ i }}_{{ j }}_cmd:
  cmd.run:
    - name: echo s{{ i }}_{{ j }}
    - unless: test -e {{ app.root }}/{{ i }}/{{ j }}/done
    - onlyif: test -d {{ app.root }}
    - creates: {{ app.root }}/{{ i }}/{{ j }}/created
    - onchanges:
      - file: s{{ i }}_{{ j }}_tmpl
s{{ i }}_{{ j }}_users:
  test.succeed_without_changes:
    - names:
      - {{ app.user }}_a_{{ i }}_{{ j }}
      - {{ app.user }}_b_{{ i }}_{{ j }}
    - require_in:
      - cmd: s{{ (i + 7) % FILES }}_{{ j }}_cmd
{% endfor %}
"""
    for i in range(files):
        with open(os.path.join(app, f"s{i}.sls"), "w") as f:
            f.write(sls.replace("FILES", str(files)).replace("I", str(i), 1))
    # the pillar: 21 files, app: merged from several of them, sections made by loops
    with open(os.path.join(pillar, "top.sls"), "w") as f:
        f.write("base:\n  '*':\n" + "".join(f"    - p{n}\n" for n in range(21)))
    for n in range(21):
        with open(os.path.join(pillar, f"p{n}.sls"), "w") as f:
            f.write("{%% for k in range(%d, %d) %%}\n" % (n * 12, n * 12 + 12))
            f.write("filler{{ k }}:\n")
            f.write("  {% for m in range(5) %}\n  node{{ m }}:\n    name: n{{ k }}_{{ m }}\n"
                    "    tags: [a, b, c]\n    opts: {x: {{ m }}, y: 'v{{ k }}', z: {deep: {deeper: {{ k }}}}}\n"
                    "  {% endfor %}\n")
            f.write("{% endfor %}\n")
            f.write("app:\n")
            if n % 4 == 0:
                f.write("  settings:\n    workers: %d\n    log_level: info\n" % (4 + n))
            f.write("  section%d:\n" % (n % 5))
            for k in range(150):
                f.write(f"    key{n}_{k}: {{value: 'v{n}_{k}', list: [1, 2, 3], nested: {{a: {k}, b: 'x{k}'}}}}\n")

if formula:
    formula_tree()

if not formula:
    with open(os.path.join(root, "srv", "salt", "top.sls"), "w") as f:
        f.write("base:\n  '*':\n")
        for i in range(files):
            f.write(f"    - bench.s{i}\n")
    with open(os.path.join(pillar, "top.sls"), "w") as f:
        f.write("base:\n  '*':\n    - bench\n")
    with open(os.path.join(pillar, "bench.sls"), "w") as f:
        f.write("bench:\n  root: /tmp/halite-bench\n  mode: '0644'\n  users: [alice, bob]\n")

TEMPLATE = """{%- set b = salt['pillar.get']('bench') %}
{%- set i = I %}
include:
  - bench.s{{ (i + FILES - 1) % FILES }}
{% for j in range(10) %}
s{{ i }}_{{ j }}_file:
  file.managed:
    - name: {{ b.root }}/{{ i }}/{{ j }}.conf
    - mode: {{ b.mode }}
    - contents: "id={{ grains['id'] }} j={{ j }}"
    - require:
      - test: s{{ i }}_{{ j }}_nop
s{{ i }}_{{ j }}_nop:
  test.nop
s{{ i }}_{{ j }}_users:
  test.succeed_without_changes:
    - names:
{%- for u in b.users %}
      - {{ u }}_{{ i }}_{{ j }}
{%- endfor %}
    - require:
      - test: s{{ (i + 1) % FILES }}_{{ j }}_nop
s{{ i }}_{{ j }}_watch:
  test.succeed_without_changes:
    - watch_in:
      - file: s{{ i }}_{{ j }}_file
{% endfor %}
"""
if shallow:
    TEMPLATE = TEMPLATE.replace("bench.s{{ (i + FILES - 1) % FILES }}", "bench.s{{ (i // 10) * 10 }}")
for i in range(0 if formula else files):
    with open(os.path.join(salt, f"s{i}.sls"), "w") as f:
        f.write(TEMPLATE.replace("FILES", str(files)).replace("I", str(i), 1))

with open(os.path.join(root, "conf", "minion"), "w") as f:
    f.write(f"""file_client: local
id: benchminion
file_roots:
  base: [{root}/srv/salt]
pillar_roots:
  base: [{root}/srv/pillar]
cachedir: {root}/cache
pki_dir: {root}/pki
sock_dir: {root}/run
log_file: {root}/log/minion
# The fqdns grain reverse-resolves every address through the network's DNS server: round
# trips (and, when a UDP answer is lost, a 5 s resolver timeout) that are not render or
# compile work. Both Salt and halite read this option, so the comparison stays like for like.
enable_fqdns_grains: False
""")
print(root)
