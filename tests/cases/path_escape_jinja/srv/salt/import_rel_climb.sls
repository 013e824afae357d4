{% import "../secret.jinja" as s %}x: {{ s.a }}
