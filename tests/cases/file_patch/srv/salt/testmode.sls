{% set roots = opts['file_roots']['base'][0] %}
would_apply:
  file.patch:
    - name: {{ roots }}/data-test/numbers.txt
    - source: salt://patches/numbers.patch
already:
  file.patch:
    - name: {{ roots }}/data-test/patched/numbers.txt
    - source: salt://patches/numbers.patch
would_fail:
  file.patch:
    - name: {{ roots }}/data-test/empty.txt
    - source: salt://patches/numbers.patch
missing_source:
  file.patch:
    - name: {{ roots }}/data-test/numbers.txt
    - source: salt://patches/nope.patch
dir_would_apply:
  file.patch:
    - name: {{ roots }}/data
    - source: salt://patches/all.patch
    - strip: 1
