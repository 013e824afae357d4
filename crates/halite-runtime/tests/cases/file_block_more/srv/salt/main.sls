{% set s = salt["environ.get"]("HALITE_SCRATCH") %}
setup:
  cmd.run:
    - name: printf 'top\n' > {{ s }}/b
append_block:
  file.blockreplace:
    - name: {{ s }}/b
    - marker_start: '# START'
    - marker_end: '# END'
    - content: managed line
    - append_if_not_found: True
same_block:
  file.blockreplace:
    - name: {{ s }}/b
    - marker_start: '# START'
    - marker_end: '# END'
    - content: managed line
no_markers:
  file.blockreplace:
    - name: {{ s }}/b
    - marker_start: '# OTHER'
    - marker_end: '# OTHER END'
    - content: x
