include:
  - .extra
  - ..db
web:
  test.present:
    - port: {{ params.get('web').get('port', 80) }}
  META:
    params:
      web:
        properties:
          port: {}
