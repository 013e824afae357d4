{% set s = salt['environ.get']('HALITE_SCRATCH') %}
setup:
  cmd.run:
    - name: printf 'line1\nline2\nline3\n' > {{ s }}/existing; printf 'same\n' > {{ s }}/same; printf 'keep\n' > {{ s }}/keep
new_contents:
  file.managed:
    - name: {{ s }}/new.txt
    - contents: hello world
new_list:
  file.managed:
    - name: {{ s }}/list.txt
    - contents:
      - one
      - two
new_mode:
  file.managed:
    - name: {{ s }}/mode.txt
    - contents: x
    - mode: '0600'
new_mode_int:
  file.managed:
    - name: {{ s }}/mode2.txt
    - contents: x
    - mode: 640
existing_diff:
  file.managed:
    - name: {{ s }}/existing
    - contents: |
        line1
        changed
        line3
same:
  file.managed:
    - name: {{ s }}/same
    - contents: same
no_replace:
  file.managed:
    - name: {{ s }}/keep
    - contents: other
    - replace: False
no_diff:
  file.managed:
    - name: {{ s }}/existing
    - contents: hidden
    - show_changes: False
makedirs_missing:
  file.managed:
    - name: {{ s }}/a/b/c.txt
    - contents: deep
makedirs_ok:
  file.managed:
    - name: {{ s }}/d/e/f.txt
    - contents: deep
    - makedirs: True
from_source:
  file.managed:
    - name: {{ s }}/src.txt
    - source: salt://files/src.txt
from_source_missing:
  file.managed:
    - name: {{ s }}/src2.txt
    - source: salt://files/nope.txt
empty_create:
  file.managed:
    - name: {{ s }}/empty
no_create:
  file.managed:
    - name: {{ s }}/nocreate
    - contents: x
    - create: False
user_group:
  file.managed:
    - name: {{ s }}/owned
    - contents: owned
    - user: root
    - group: root
relative:
  file.managed:
    - name: relative/path
    - contents: x
pillar_contents:
  file.managed:
    - name: {{ s }}/pillar.txt
    - contents_pillar: mykey
