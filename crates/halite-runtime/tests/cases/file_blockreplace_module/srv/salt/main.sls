{% set s = salt["environ.get"]("HALITE_SCRATCH") %}
setup_ml:
  cmd.run:
    - name: "printf 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. Nam rhoncus\\nenim ac bibendum vulputate.\\nfirst part of start line // START BLOCK : part of start line not removed\\nto be removed\\nfirst part of end line // END BLOCK : part of end line not removed\\n#-- START BLOCK UNFINISHED\\n#-- START BLOCK 1\\nold content part 1\\nold content part 2\\n#-- END BLOCK 1\\nLorem ipsum dolor sit amet, consectetur adipiscing elit. Donec\\nquis leo.' > {{ s }}/ml"
multiline:
  file.blockreplace:
    - name: {{ s }}/ml
    - marker_start: "#-- START BLOCK 1"
    - marker_end: "#-- END BLOCK 1"
    - content: "Who's that then?\nWell, how'd you become king, then?"
    - backup: false
    - append_newline: null
partial:
  file.blockreplace:
    - name: {{ s }}/ml
    - marker_start: "// START BLOCK"
    - marker_end: "// END BLOCK"
    - content: "new content 1"
    - backup: false
unfinished:
  file.blockreplace:
    - name: {{ s }}/ml
    - marker_start: "#-- START BLOCK UNFINISHED"
    - marker_end: "#-- END BLOCK UNFINISHED"
    - content: "foo"
with_backup:
  file.blockreplace:
    - name: {{ s }}/ml
    - marker_start: "// START BLOCK"
    - marker_end: "// END BLOCK"
    - content: "new content 2"
custom_backup:
  file.blockreplace:
    - name: {{ s }}/ml
    - marker_start: "// START BLOCK"
    - marker_end: "// END BLOCK"
    - content: "new content 3"
    - backup: ".orig"
no_changes:
  file.blockreplace:
    - name: {{ s }}/ml
    - marker_start: "// START BLOCK"
    - marker_end: "// END BLOCK"
    - content: "new content 3"
hide_changes:
  file.blockreplace:
    - name: {{ s }}/ml
    - marker_start: "// START BLOCK"
    - marker_end: "// END BLOCK"
    - content: "new content 4"
    - show_changes: false
    - backup: false
insert_after_nomatch:
  file.blockreplace:
    - name: {{ s }}/ml
    - marker_start: "#X"
    - marker_end: "#Y"
    - content: "z"
    - insert_after_match: "^nomatch"
    - backup: false
setup_eof0:
  cmd.run:
    - name: printf "bar\n" > {{ s }}/eof0
eof0:
  file.blockreplace:
    - name: {{ s }}/eof0
    - marker_start: "#start"
    - marker_end: "#stop"
    - content: "baz"
    - append_if_not_found: true
eof0_prepend:
  file.blockreplace:
    - name: {{ s }}/eof0
    - marker_start: "#s2"
    - marker_end: "#e2"
    - content: ""
    - prepend_if_not_found: true
    - backup: false
setup_eof1:
  cmd.run:
    - name: printf "bar" > {{ s }}/eof1
eof1:
  file.blockreplace:
    - name: {{ s }}/eof1
    - marker_start: "#start"
    - marker_end: "#stop"
    - content: "baz"
    - append_if_not_found: true
eof1_prepend:
  file.blockreplace:
    - name: {{ s }}/eof1
    - marker_start: "#s2"
    - marker_end: "#e2"
    - content: ""
    - prepend_if_not_found: true
    - backup: false
setup_eof2:
  cmd.run:
    - name: printf "" > {{ s }}/eof2
eof2:
  file.blockreplace:
    - name: {{ s }}/eof2
    - marker_start: "#start"
    - marker_end: "#stop"
    - content: "baz"
    - append_if_not_found: true
eof2_prepend:
  file.blockreplace:
    - name: {{ s }}/eof2
    - marker_start: "#s2"
    - marker_end: "#e2"
    - content: ""
    - prepend_if_not_found: true
    - backup: false
setup_src:
  cmd.run:
    - name: printf 'a\n# B\nold\n# E\nz\n' > {{ s }}/src; printf 'local text\n' > {{ s }}/local.txt
src:
  file.blockreplace:
    - name: {{ s }}/src
    - marker_start: "# B"
    - marker_end: "# E"
    - source: "salt://br/block.txt"
    - context: {"who": "ctx"}
    - backup: false
src_again:
  file.blockreplace:
    - name: {{ s }}/src
    - marker_start: "# B"
    - marker_end: "# E"
    - source: "salt://br/block.txt"
    - context: {"who": "ctx"}
    - backup: false
sources_content:
  file.blockreplace:
    - name: {{ s }}/src
    - marker_start: "# B"
    - marker_end: "# E"
    - content: "first;"
    - sources: ["salt://br/block2.txt", "salt://br/block.txt"]
    - defaults: {"who": "dflt"}
    - backup: false
src_local:
  file.blockreplace:
    - name: {{ s }}/src
    - marker_start: "# B"
    - marker_end: "# E"
    - source: "{{ s }}/local.txt"
    - backup: false
src_missing:
  file.blockreplace:
    - name: {{ s }}/src
    - marker_start: "# B"
    - marker_end: "# E"
    - source: "salt://br/nope"
src_both:
  file.blockreplace:
    - name: {{ s }}/src
    - marker_start: "# B"
    - marker_end: "# E"
    - source: "salt://br/block2.txt"
    - sources: ["salt://br/block2.txt"]
missing_file:
  file.blockreplace:
    - name: {{ s }}/nofile
    - content: "x"
setup_49043:
  cmd.run:
    - name: touch {{ s }}/u8
issue_49043:
  file.blockreplace:
    - name: {{ s }}/u8
    - source: salt://br/issue-49043
    - append_if_not_found: True
    - template: jinja
    - context:
        unicode_string: "äöü"
show:
  cmd.run:
    - name: cd {{ s }} && for f in eof0 eof0.bak eof1 eof1.bak eof2 eof2.bak local.txt ml ml.bak ml.orig src u8; do echo "== $f"; od -c $f; done
