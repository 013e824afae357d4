{% import_yaml "../secret.yaml" as s %}
rel: {{ s|json }}
