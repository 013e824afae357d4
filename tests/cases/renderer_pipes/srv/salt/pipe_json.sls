#!jinja|json
{"x": {"test.nop": [{"name": "{{ 3 }}"}]}}
