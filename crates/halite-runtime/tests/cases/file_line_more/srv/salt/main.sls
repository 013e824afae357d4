{% set s = salt["environ.get"]("HALITE_SCRATCH") %}
setup:
  cmd.run:
    - name: printf 'one\ntwo\nthree\n' > {{ s }}/l; cp {{ s }}/l {{ s }}/m; cp {{ s }}/l {{ s }}/n
ins_start:
  file.line:
    - name: {{ s }}/l
    - content: zero
    - mode: insert
    - location: start
ins_end:
  file.line:
    - name: {{ s }}/l
    - content: four
    - mode: insert
    - location: end
ins_after:
  file.line:
    - name: {{ s }}/m
    - content: one-and-half
    - mode: insert
    - after: one
ins_before:
  file.line:
    - name: {{ s }}/m
    - content: two-and-half
    - mode: insert
    - before: three
ensure_present:
  file.line:
    - name: {{ s }}/m
    - content: one-and-half
    - mode: ensure
    - after: one
ensure_between:
  file.line:
    - name: {{ s }}/n
    - content: between
    - mode: ensure
    - after: one
    - before: two
no_mode:
  file.line:
    - name: {{ s }}/n
    - content: x
replace_nomatch:
  file.line:
    - name: {{ s }}/n
    - content: x
    - match: nothing
    - mode: replace
delete_missing:
  file.line:
    - name: {{ s }}/n
    - match: nothing
    - mode: delete
