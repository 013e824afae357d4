{% set d = opts['file_roots']['base'][0] ~ '/data' %}
br_nonmatch:
  file.blockreplace:
    - name: {{ d }}/nonmatch.txt
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\nLine 2 of block"
    - append_newline: False
br_append:
  file.blockreplace:
    - name: {{ d }}/without.txt
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "Line 1 of block\n"
    - append_if_not_found: True
br_prepend_hidden:
  file.blockreplace:
    - name: {{ d }}/without.txt
    - marker_start: '# start'
    - marker_end: '# end'
    - content: "x"
    - prepend_if_not_found: True
    - show_changes: False
br_source:
  file.blockreplace:
    - name: {{ d }}/nonmatch.txt
    - marker_start: '# start'
    - marker_end: '# end'
    - source: salt://data/pre.txt
append_text:
  file.append:
    - name: {{ d }}/salty.txt
    - text: cheese
append_source:
  file.append:
    - name: {{ d }}/salty.txt
    - source: salt://data/pre.txt
append_missing_file:
  file.append:
    - name: {{ d }}/does-not-exist.txt
    - text: cheese
append_makedirs_missing_dir:
  file.append:
    - name: {{ d }}/nodir/deeper/f.txt
    - text: cheese
    - makedirs: True
prepend_makedirs_missing_dir:
  file.prepend:
    - name: {{ d }}/nodir2/f.txt
    - text: cheese
    - makedirs: True
prepend_source:
  file.prepend:
    - name: {{ d }}/salty.txt
    - sources:
      - salt://data/pre.txt
prepend_header_same:
  file.prepend:
    - name: {{ d }}/pre.txt
    - text: second line
    - header: True
replace_append:
  file.replace:
    - name: {{ d }}/kv.txt
    - pattern: '^en_US$'
    - repl: en_US
    - append_if_not_found: True
replace_present:
  file.replace:
    - name: {{ d }}/kv.txt
    - pattern: '^nothing$'
    - repl: '#foo=bar'
    - append_if_not_found: True
