{% import_text "../secret.txt" as s %}x: {{ s }}
