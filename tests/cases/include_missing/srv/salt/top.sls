base:
  '*':
    - main
    - absent_from_tree
