#!/usr/bin/env python3
"""Generate a state tree for the apply benchmark: STATES states (default 5,000) in files of
50: file.directory, file.managed with inline contents and with a Jinja template,
cmd.run guarded by unless, test states (one with `names`), requisites within and across
files, onchanges. Everything is written under ROOT/scratch. Also writes a 1,000-state
`require` chain as sls `chain`.

Usage: gen_apply_tree.py ROOT [STATES]   (then: -c ROOT/conf state.apply / state.apply chain)"""
import os
import sys

root = os.path.abspath(sys.argv[1])
states = int(sys.argv[2]) if len(sys.argv) > 2 else 5000
per_file = 50
files = max(1, states // per_file)
salt = os.path.join(root, "srv", "salt")
pillar = os.path.join(root, "srv", "pillar")
for d in (os.path.join(salt, "bench"), pillar, os.path.join(root, "conf"),
          os.path.join(root, "scratch")):
    os.makedirs(d, exist_ok=True)

with open(os.path.join(salt, "top.sls"), "w") as f:
    f.write("base:\n  '*':\n")
    for i in range(files):
        f.write(f"    - bench.s{i}\n")
with open(os.path.join(pillar, "top.sls"), "w") as f:
    f.write("base:\n  '*':\n    - bench\n")
with open(os.path.join(pillar, "bench.sls"), "w") as f:
    f.write(f"bench:\n  root: {root}/scratch\n  greeting: hello\n")
with open(os.path.join(salt, "bench", "app.conf.jinja"), "w") as f:
    f.write("# managed by the benchmark\nhost = {{ grains['id'] }}\n"
            "greeting = {{ pillar['bench']['greeting'] }}\nindex = {{ index }}\n")

# 10 states per j: dir, conf, tpl, cmd, ok, cross, watch, and 3 from `names`.
TEMPLATE = """{%- set root = salt['pillar.get']('bench:root') %}
{%- set i = I %}
{% for j in range(5) %}
dir_{{ i }}_{{ j }}:
  file.directory:
    - name: {{ root }}/{{ i }}/{{ j }}
    - makedirs: True
conf_{{ i }}_{{ j }}:
  file.managed:
    - name: {{ root }}/{{ i }}/{{ j }}/inline.conf
    - contents: |
        key = {{ i }}.{{ j }}
        other = value
    - require:
      - file: dir_{{ i }}_{{ j }}
tpl_{{ i }}_{{ j }}:
  file.managed:
    - name: {{ root }}/{{ i }}/{{ j }}/app.conf
    - source: salt://bench/app.conf.jinja
    - template: jinja
    - context:
        index: {{ i * 5 + j }}
    - require:
      - file: dir_{{ i }}_{{ j }}
cmd_{{ i }}_{{ j }}:
  cmd.run:
    - name: touch {{ root }}/{{ i }}/{{ j }}/marker
    - unless: test -e {{ root }}/{{ i }}/{{ j }}/marker
    - require:
      - file: dir_{{ i }}_{{ j }}
ok_{{ i }}_{{ j }}:
  test.succeed_without_changes
cross_{{ i }}_{{ j }}:
  test.nop:
    - require:
      - test: ok_{{ (i + 1) % FILES }}_{{ j }}
watch_{{ i }}_{{ j }}:
  test.nop:
    - onchanges:
      - file: conf_{{ i }}_{{ j }}
names_{{ i }}_{{ j }}:
  test.succeed_without_changes:
    - names:
      - a_{{ i }}_{{ j }}
      - b_{{ i }}_{{ j }}
      - c_{{ i }}_{{ j }}
{% endfor %}
"""
for i in range(files):
    with open(os.path.join(salt, "bench", f"s{i}.sls"), "w") as f:
        f.write(TEMPLATE.replace("FILES", str(files)).replace("I", str(i), 1))

with open(os.path.join(salt, "chain.sls"), "w") as f:
    f.write("{% for i in range(1000) %}\nc{{ i }}:\n  test.nop:\n    - require:\n"
            "{%- if i < 999 %}\n      - test: c{{ i + 1 }}{% else %} []{% endif %}\n"
            "{% endfor %}\n")

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
""")
print(root)
