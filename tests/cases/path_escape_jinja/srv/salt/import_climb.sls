{% import "sub/../../secret.jinja" as s %}x: {{ s.a }}
