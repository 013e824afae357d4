base:
  '*':
    - trim
    - shebang
    - notjson
    - bare
    - list
    - second_line
    - managed
