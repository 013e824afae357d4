base:
  'I@app:name:demo':
    - uses
