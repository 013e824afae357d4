{% import_yaml "sub/in.yaml" as s %}
inside: {{ s|json }}
