{% set s = salt['environ.get']('HALITE_SCRATCH') %}
setup:
  cmd.run:
    - name: printf 'alpha\nbeta\ngamma\n' > {{ s }}/f1; cp {{ s }}/f1 {{ s }}/f2; cp {{ s }}/f1 {{ s }}/f3; cp {{ s }}/f1 {{ s }}/f4; cp {{ s }}/f1 {{ s }}/f5; printf 'a=1\nb = 2\n#c=3\n' > {{ s }}/kv; printf 'head\n# BEGIN\nold\n# END\ntail\n' > {{ s }}/blk
append1:
  file.append:
    - name: {{ s }}/f1
    - text: delta
append_again:
  file.append:
    - name: {{ s }}/f1
    - text: delta
append_list:
  file.append:
    - name: {{ s }}/f1
    - text:
      - e1
      - e2
append_new:
  file.append:
    - name: {{ s }}/newappend
    - text: first
prepend1:
  file.prepend:
    - name: {{ s }}/f2
    - text: zero
replace1:
  file.replace:
    - name: {{ s }}/f3
    - pattern: 'b.ta'
    - repl: BETA
replace_none:
  file.replace:
    - name: {{ s }}/f3
    - pattern: nomatch
    - repl: x
replace_missing:
  file.replace:
    - name: {{ s }}/nofile
    - pattern: a
    - repl: b
line_replace:
  file.line:
    - name: {{ s }}/f4
    - match: beta
    - content: BETA2
    - mode: replace
line_ensure_after:
  file.line:
    - name: {{ s }}/f4
    - content: afteralpha
    - after: alpha
    - mode: ensure
line_delete:
  file.line:
    - name: {{ s }}/f4
    - match: gamma
    - mode: delete
comment1:
  file.comment:
    - name: {{ s }}/f5
    - regex: ^beta
uncomment1:
  file.uncomment:
    - name: {{ s }}/kv
    - regex: c=3
block1:
  file.blockreplace:
    - name: {{ s }}/blk
    - marker_start: '# BEGIN'
    - marker_end: '# END'
    - content: new content
keyvalue1:
  file.keyvalue:
    - name: {{ s }}/kv
    - key: a
    - value: 5
    - separator: '='
