{% set s = salt["environ.get"]("HALITE_SCRATCH") %}
setup:
  cmd.run:
    - name: printf 'a=1\n#b=2\n  c=3\n' > {{ s }}/c
already:
  file.comment:
    - name: {{ s }}/c
    - regex: ^b=2
notfound:
  file.comment:
    - name: {{ s }}/c
    - regex: ^zzz
ignore:
  file.comment:
    - name: {{ s }}/c
    - regex: ^zzz
    - ignore_missing: True
com_a:
  file.comment:
    - name: {{ s }}/c
    - regex: ^a=1
    - backup: False
unc_already:
  file.uncomment:
    - name: {{ s }}/c
    - regex: c=3
unc_missing:
  file.uncomment:
    - name: {{ s }}/c
    - regex: zzz
unc_b:
  file.uncomment:
    - name: {{ s }}/c
    - regex: b=2
    - backup: False
show:
  cmd.run:
    - name: cat {{ s }}/c; ls {{ s }} | grep -v "^\(cache\|conf\|log\|pki\|run\)$"
