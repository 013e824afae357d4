#!/usr/bin/env python3
"""Generate a benchmark state tree: FILES sls files of 50 low chunks each (5,000 by default),
with includes, cross-file requisites, `names` and Jinja loops, plus a pillar and a minion
config. Usage: gen_tree.py DIR [FILES] [--shallow]

By default each file includes the previous one: a ring, so every chunk's
`__sls_included_from__` lists up to FILES-1 includers (9.4 MB of output at 100 files).
--shallow: each file includes the first file of its group of ten instead."""
import os
import sys

root = os.path.abspath(sys.argv[1])
args = [a for a in sys.argv[2:] if a != "--shallow"]
shallow = "--shallow" in sys.argv[2:]
files = int(args[0]) if args else 100
salt = os.path.join(root, "srv", "salt", "bench")
pillar = os.path.join(root, "srv", "pillar")
os.makedirs(salt, exist_ok=True)
os.makedirs(pillar, exist_ok=True)
os.makedirs(os.path.join(root, "conf"), exist_ok=True)

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
for i in range(files):
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
