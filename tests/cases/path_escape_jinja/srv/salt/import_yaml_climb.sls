{% import_yaml "sub/../../secret.yaml" as s %}x: {{ s }}
