{% import_yaml "../secret.yaml" as s %}x: {{ s }}
