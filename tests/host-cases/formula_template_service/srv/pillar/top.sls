base:
  '*':
    - template
