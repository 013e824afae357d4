{% set s = salt['environ.get']('HALITE_SCRATCH') %}
# Salt 3008's file.managed ignore_ordering / ignore_whitespace / ignore_comment_characters:
# a change that only reorders lines, changes whitespace or comments (or a new file, or a mode
# change) sets `skip_req` in the result, which onchanges / watch / prereq requisites read.
# The files are made by `unless` (which also runs with test=True).
setup:
  test.nop:
    - unless: >-
        printf 'b\na\n' > {{ s }}/order.txt; printf 'x = 1\n' > {{ s }}/ws.txt;
        printf 'k=v # old\n' > {{ s }}/cmt.txt; printf 'real\n' > {{ s }}/real.txt;
        printf 'same\n' > {{ s }}/same.txt; printf 'm\n' > {{ s }}/mode.txt; chmod 600 {{ s }}/mode.txt;
        false
order:
  file.managed:
    - name: {{ s }}/order.txt
    - contents: |
        a
        b
    - ignore_ordering: True
    - require:
      - test: setup
ws:
  file.managed:
    - name: {{ s }}/ws.txt
    - contents: "  x = 1  "
    - ignore_whitespace: True
    - require:
      - test: setup
cmt:
  file.managed:
    - name: {{ s }}/cmt.txt
    - contents: "k=v # new"
    - ignore_comment_characters: '#'
    - require:
      - test: setup
real:
  file.managed:
    - name: {{ s }}/real.txt
    - contents: changed
    - ignore_whitespace: True
    - require:
      - test: setup
same:
  file.managed:
    - name: {{ s }}/same.txt
    - contents: same
    - ignore_whitespace: True
    - require:
      - test: setup
mode:
  file.managed:
    - name: {{ s }}/mode.txt
    - contents: m
    - mode: '0644'
    - ignore_ordering: True
    - require:
      - test: setup
new:
  file.managed:
    - name: {{ s }}/new.txt
    - contents: n
    - ignore_whitespace: True
plain:
  file.managed:
    - name: {{ s }}/plain.txt
    - contents: p
on_order:
  cmd.run:
    - name: echo on_order
    - onchanges:
      - file: order
on_ws:
  cmd.run:
    - name: echo on_ws
    - onchanges:
      - file: ws
on_real:
  cmd.run:
    - name: echo on_real
    - onchanges:
      - file: real
on_any:
  cmd.run:
    - name: echo on_any
    - onchanges_any:
      - file: order
      - file: real
on_new:
  cmd.run:
    - name: echo on_new
    - onchanges:
      - file: new
on_mode:
  cmd.run:
    - name: echo on_mode
    - onchanges:
      - file: mode
watch_cmt:
  cmd.run:
    - name: echo watch_cmt
    - watch:
      - file: cmt
watch_real:
  cmd.run:
    - name: echo watch_real
    - watch:
      - file: real
watch_both:
  test.succeed_without_changes:
    - watch:
      - file: cmt
      - file: plain
req_order:
  cmd.run:
    - name: echo req_order
    - require:
      - file: order
watch_onlyif:
  cmd.run:
    - name: echo watch_onlyif
    - onlyif: 'false'
    - watch:
      - file: plain
watch_unless:
  test.succeed_without_changes:
    - unless: 'true'
    - watch:
      - file: plain
after_skip:
  cmd.run:
    - name: echo after_skip
    - onchanges:
      - cmd: on_order
after_watch_unless:
  cmd.run:
    - name: echo after_watch_unless
    - watch:
      - test: watch_unless
pre_ws:
  cmd.run:
    - name: echo pre_ws
    - prereq:
      - file: ws
pre_real:
  cmd.run:
    - name: echo pre_real
    - prereq:
      - file: real
