{% import_yaml "sub/../../secret.yaml" as s %}
climb: {{ s|json }}
