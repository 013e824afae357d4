{% set port = 8080 %}
app:
  test.nop:
    - port: {{ port }}
   - name: app
