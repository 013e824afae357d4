nomatch:
  'othername':
    - a
