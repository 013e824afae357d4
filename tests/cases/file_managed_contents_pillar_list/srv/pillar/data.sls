conf:
  - 'LANG=en_US.UTF-8'
  - 'LC_TIME=de_DE.UTF-8'
nested:
  lines:
    - one
    - 2
    - "three\nfour"
  text: "plain text"
  mapping:
    a: 1
