{% from "./../secret.jinja" import a with context %}x: {{ a }}
