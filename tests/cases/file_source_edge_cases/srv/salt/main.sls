{% set d = salt['environ.get']('HALITE_SCRATCH') %}
latin_start:
  file.managed:
    - name: {{ d }}/latin1.txt
    - contents: "cafe line\nsecond\n"
latin_diff:
  file.managed:
    - name: {{ d }}/latin1.txt
    - source: salt://files/latin1.txt
latin_back:
  file.managed:
    - name: {{ d }}/latin1.txt
    - contents: "plain\n"
pipe_name:
  file.managed:
    - name: {{ d }}/pipe.txt
    - source: salt://files/a|b.txt
pipe_escaped:
  file.managed:
    - name: {{ d }}/pipe2.txt
    - source: salt://|files/a|b.txt
missing_local:
  file.managed:
    - name: {{ d }}/m.txt
    - source: {{ d }}/nope.txt
missing_local_list:
  file.managed:
    - name: {{ d }}/m.txt
    - source:
      - {{ d }}/nope.txt
      - {{ d }}/nope2.txt
missing_file_url:
  file.managed:
    - name: {{ d }}/m.txt
    - source: file://{{ d }}/nope.txt
rec_base:
  file.recurse:
    - name: {{ d }}/rec_base
    - source: salt://files/rec
rec_dev:
  file.recurse:
    - name: {{ d }}/rec_dev
    - source: salt://files/rec
    - saltenv: dev
rec_dev_query:
  file.recurse:
    - name: {{ d }}/rec_dev_q
    - source: salt://files/rec?saltenv=dev
