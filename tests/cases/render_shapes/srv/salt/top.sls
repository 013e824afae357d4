base:
  '*':
    - alist
    - astring
    - empty
    - blank
