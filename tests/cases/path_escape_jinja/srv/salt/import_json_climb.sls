{% import_json "sub/../../secret.json" as s %}x: {{ s }}
