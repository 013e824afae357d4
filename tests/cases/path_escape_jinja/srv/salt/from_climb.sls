{% from "sub/../../secret.jinja" import a %}x: {{ a }}
