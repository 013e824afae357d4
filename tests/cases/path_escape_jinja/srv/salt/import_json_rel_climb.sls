{% import_json "./../secret.json" as s %}x: {{ s }}
