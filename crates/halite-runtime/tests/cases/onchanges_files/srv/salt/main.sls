{% set s = salt["environ.get"]("HALITE_SCRATCH") %}
first_write:
  file.managed:
    - name: {{ s }}/a
    - contents: one
second_write:
  file.managed:
    - name: {{ s }}/a
    - contents: one
react_first:
  cmd.run:
    - name: echo first changed
    - onchanges:
      - file: first_write
react_second:
  cmd.run:
    - name: echo second changed
    - onchanges:
      - file: second_write
react_path:
  cmd.run:
    - name: echo by path
    - onchanges:
      - file: {{ s }}/a
