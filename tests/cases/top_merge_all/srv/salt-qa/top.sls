qa:
  'test*':
    - qastuff
