start
  {%- for i in [1, 2] %}
  item{{ i }}
  {%- endfor %}
end
{% for i in [1, 2] -%}
  x{{ i }}
{% endfor -%}
done
    {%+ if true %}plus{% endif %}
