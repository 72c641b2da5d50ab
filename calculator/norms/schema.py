"""norma.toml, described once: every key a registry may hold, its type, whether it is required, what holds
when it is left out, what it means and an example (OpenFisca's parameters have the same: a description with
every value).

Three readers take it from here, so they cannot disagree:

- the loader (calculator/norms/load.py) checks a registry against it before reading anything, in CPython
and in
  the browser: a misspelt key, a missing required one, a wrong type or a value outside its list is refused
  with the key's path, instead of being ignored or failing later;
- ``laws check`` gives the same problems with the file's line (laws/check/registry.py);
- the guide's table of norma.toml's keys (docs/incluir-norma.md, through docs/gerado/_chaves_norma.md).

A path is the keys from the top, dotted: ``validity.start``. ``*`` stands for a name the norm chooses (a
warning's key, a reading, a validity case: ``warnings.*.kind``); ``[]`` for each table of an array
(``parameters[].values[].basis``). What a value means beyond its type (an id that exists in the text, a
parameter that is declared, a placeholder that is known) is checked where that knowledge is: the loader and
``laws check``.
"""

from __future__ import annotations

from calculator.norms.vocabulary import (
    APPLIES,
    BASIS_KINDS,
    BOOL,
    COUNTS,
    DATE,
    DEFAULT_ORDER,
    EFFECTS,
    EXTENSION_MODELS,
    IDS,
    INTEGER,
    KEYS,
    KINDS,
    LISTS,
    NUMBER,
    PAIRS,
    PERCENT_RULES,
    SIMULATION_OPTIONS,
    TABLE,
    TABLES,
    TEXT,
    TEXTS,
    UNITS,
    VALIDITY_CASES,
    VALUE,
    WARNING_KINDS,
    WHEN,
    Key,
)
from calculator.norms.wording import MESSAGES


def _k(path, type_, required, meaning, example="", default="", choices=()) -> Key:
    return Key(path, type_, required, meaning, example, default, tuple(choices))


_CASE = ("applies", "reason", "text", "basis", "warnings", "not_parameter_values")
_NPV = "números que são outro fato (o prazo de outra lei), escritos como texto na mensagem"

SCHEMA = (
    # identity
    _k("slug", TEXT, True, "o nome da pasta: letras minúsculas sem acento, números e _", '"exemplo"'),
    _k("citation", TEXT, True, "a citação curta, usada em cada citação do site", '"Lei nº 1/2030"'),
    _k("title", TEXT, True, "o título longo", '"Lei nº 1, de 2 de janeiro de 2030"'),
    _k("place", TEXT, True, '"Município/UF" (a UF em duas maiúsculas)', '"Exemplo/XX"'),
    _k("urn", TEXT, True, "a URN LexML: urn:lex:br;<estado>;<município>:municipal:<espécie>:<data>;<número> "
       "(nomes por extenso, em minúsculas, sem acento, palavras separadas por ponto); cada resposta a traz",
       '"urn:lex:br;exemplo;exemplo:municipal:lei:2030-01-02;1"'),
    _k("list_order", INTEGER, False, "a posição nas listas do site e da calculadora", "100",
       "depois das outras"),
    _k("rules", TEXT, False, "as exceções próprias da norma, em calculator/rules/<slug>.py: só as normas do "
       "corpus com regras que os dados não dizem; omita", '"ubatuba"', "o padrão comum, sem Python"),
    # validity
    _k("validity", TABLE, True, "a vigência"),
    _k("validity.start", DATE, True, "o início da vigência (a publicação, ou a data da norma presumida)",
       '"2030-01-02"'),
    _k("validity.start_presumed", BOOL, True, "true quando o corpus não traz a data de publicação", "true"),
    _k("validity.start_basis", IDS, True, "os dispositivos da entrada em vigor", '["art4_cpt", "fecho"]'),
    _k("validity.term_parameter", TEXT, False, "o nome do parâmetro com o prazo em anos",
       '"prazo_de_vigencia_anos"', "sem prazo"),
    _k("validity.transition_basis", IDS, False, "os dispositivos da regra de transição", '["art4_cpt"]',
       "sem transição"),
    _k("validity.enabling_law_from", DATE, False, "a vigência da lei regulamentada, quando a norma é um "
       "decreto", '"2023-01-01"'),
    _k("validity.extension", TABLE, False, "uma prorrogação do prazo"),
    _k("validity.extension.start", DATE, True, "o início da prorrogação", '"2022-03-03"'),
    _k("validity.extension.years", INTEGER, True, "os anos da prorrogação", "10"),
    _k("validity.extension.model", TEXT, True, "como a prorrogação conta o prazo", '"continuous"',
       choices=EXTENSION_MODELS),
    _k("validity.extension.basis", IDS, True, "de onde vem a prorrogação", '["art5_cpt_nota1"]'),
    _k("validity.entry", TABLE, True, "o passo inicial de toda resposta de vigência"),
    *(_k(f"validity.entry.{key}", type_, key == "text", meaning, example)
      for key, type_, meaning, example in (
        ("text", TEXT, "o passo (marcadores de data: {start}…)", '"Entrada em vigor: {start}."'),
        ("basis", IDS, "os dispositivos citados", '["art4_cpt"]'),
        ("warnings", KEYS, "avisos dados com o passo", '["exemplo_publicacao_presumida"]'),
        ("not_parameter_values", TEXTS, _NPV, '["dez anos"]'))),
    _k("validity.cases", TABLE, False, "as respostas de vigência, uma por caso"),
    _k("validity.cases.*", TABLE, False, "um caso, escolhido pela data do edital", "[validity.cases.term]",
       choices=VALIDITY_CASES),
    _k("validity.cases.*.applies", APPLIES, False, "se a norma se aplica nesse caso", "false", "true"),
    _k("validity.cases.*.reason", TEXT, False, "por que não se aplica (entra na manchete)",
       '"a lei não se aplica a edital anterior a {start}"'),
    _k("validity.cases.*.text", TEXT, True, "o passo mostrado ({reason} repete o motivo)",
       '"Edital publicado depois do fim do prazo: {reason}."'),
    _k("validity.cases.*.basis", IDS, False, "os dispositivos citados", '["art3_cpt"]', "[]"),
    _k("validity.cases.*.warnings", KEYS, False, "avisos do caso", '["exemplo_ultimo_dia"]', "[]"),
    _k("validity.cases.*.not_parameter_values", TEXTS, False, _NPV, '["dez anos"]'),
    _k("validity.window", TABLE, True, "o período dos editais abrangidos, dito quando falta a data"),
    _k("validity.window.short", TEXT, True, "a forma curta, na manchete",
       '"publicado de {start} a {last_day}"'),
    _k("validity.window.text", TEXT, True, "a forma longa, com as premissas",
       '"publicado de {start} a {last_day} (datas presumidas)"'),
    _k("validity.window.basis", IDS, False, "os dispositivos citados", '["art3_cpt", "art4_cpt"]', "[]"),
    _k("validity.window.not_parameter_values", TEXTS, False, _NPV, '["dez anos"]'),
    # percentage
    _k("percent", TABLE, True, "a regra do percentual e os parâmetros que ela usa"),
    _k("percent.rule", TEXT, True, "minimum: mínimo que o edital pode aumentar; fixed: fixo; tiered: outro "
       "percentual até certo número de vagas; given: fixado por lei fora do corpus, informado pelo usuário",
       '"minimum"', choices=PERCENT_RULES),
    _k("percent.parameter", TEXT, True, "o parâmetro do percentual", '"percentual_minimo"'),
    _k("percent.reduced_parameter", TEXT, False, "com tiered: o parâmetro do percentual reduzido",
       '"percentual_ate_5_vagas"'),
    _k("percent.reduced_up_to_parameter", TEXT, False, "com tiered: o parâmetro do número de vagas até o "
       "qual "
       "vale o reduzido", '"limite_vagas_percentual_reduzido"'),
    _k("percent.minimum_vacancies_parameter", TEXT, False,
       "o parâmetro do mínimo de vagas para haver reserva",
       '"vagas_minimas"', "reserva com qualquer número de vagas"),
    _k("percent.rounding_parameter", TEXT, True, "o parâmetro do arredondamento", '"arredondamento"'),
    _k("percent.refusal", TEXT, True, "a mensagem que recusa um percentual que a norma não admite "
       "(marcadores {minimum}, {legal}, {percent}, {vacancies})",
       '"o percentual mínimo é {minimum} (art. 1º): {percent}"'),
    _k("percent.hint", TEXT, False, "a dica ao lado do campo de percentual na página (nomeia os valores "
       "pelos parâmetros)", '"No mínimo {percentual_minimo}."', "gerada da regra"),
    _k("percent.example", NUMBER, False, "com given: o percentual usado nas tabelas e exemplos do site, "
       "rotulado como exemplo", '"20"'),
    _k("percent.not_parameter_values", TEXTS, False, _NPV, '["dez anos"]'),
    # reserve
    _k("reserve", TABLE, False, "o que toda reserva cita e avisa"),
    _k("reserve.whole_basis", IDS, False, "o dispositivo citado quando P% de N dá número inteiro",
       '["art1_cpt"]', "[]"),
    _k("reserve.basis", IDS, False, "os dispositivos citados em toda resposta", '["art1_cpt"]', "[]"),
    _k("reserve.warnings", KEYS, False, "avisos de toda reserva", '["exemplo_minimo_por_cargo"]', "[]"),
    _k("reserve.messages", TABLE, False, "a redação da norma para os passos comuns (tabela abaixo)"),
    _k("reserve.messages.*", TEXT, False, "a redação de um passo comum", '"Percentual: {percent}."',
       "a redação padrão", choices=tuple(MESSAGES)),
    _k("norm_warnings", KEYS, False, "avisos que valem qualquer que seja a entrada (comando parametros)",
       '["exemplo_aviso"]', "[]"),
    # edital
    _k("edital", TABLE, False, "o que o texto diz de contar a reserva por cargo ou pelo concurso"),
    _k("edital.cargo", TABLE, False, "a leitura por cargo", "", "o corpus não permite escolher"),
    _k("edital.cargo.basis", IDS, False, "os dispositivos", '["art2_cpt"]', "[]"),
    _k("edital.cargo.text", TEXT, True, "o que dizem", '"o art. 2º conta as vagas de cada cargo"'),
    _k("edital.concurso", TABLE, False, "a leitura pelo concurso", "", "o corpus não permite escolher"),
    _k("edital.concurso.basis", IDS, False, "os dispositivos", '["art1_par1"]', "[]"),
    _k("edital.concurso.text", TEXT, True, "o que dizem", '"o art. 1º, § 1º, conta as vagas do concurso"'),
    _k("edital.shortfall_basis", IDS, False, "os dispositivos que fixam a reserva de um cargo, citados "
       "quando "
       "falta vaga reservada", '["art2_cpt"]', "[]"),
    _k("edital.per_cargo_notes", KEYS, False, "avisos que só fazem sentido cargo a cargo (omitidos na conta "
       "do concurso)", '["exemplo_minimo_por_cargo"]', "[]"),
    # scopes
    _k("scopes", TABLE, True, "os vínculos aceitos"),
    _k("scopes.names", TABLE, True, "vínculo → o nome mostrado"),
    _k("scopes.names.*", TEXT, False, "o nome de um vínculo", '"cargo efetivo (concurso)"'),
    _k("scopes.default", TEXT, True, "o vínculo padrão (um de scopes.names)", '"efetivo"'),
    _k("scopes.set_scopes", TEXTS, False, "vínculos cujo mínimo vale para o conjunto (cargos em comissão)",
       '["comissao"]', "[]"),
    _k("scopes.refusal", TEXT, False, "a mensagem que recusa outro vínculo", '"use efetivo"',
       "gerada dos nomes"),
    # order and readings
    _k("order", TABLE, False, "a ordem de nomeação"),
    _k("order.basis", IDS, False, "os dispositivos da ordem", '["art2_cpt"]', "sem base no corpus"),
    _k("order.beyond_basis", IDS, False, "os dispositivos sobre nomeações além das vagas", '["art7_par3"]',
       "sem base no corpus"),
    _k("order.warnings", KEYS, False, "avisos de toda ordem ({reading}, {other}, {other_reading})",
       '["exemplo_ordem_interpretacao"]', "[]"),
    _k("readings", TABLE, True, "as leituras da ordem de nomeação"),
    _k("readings.default", TEXT, True, "a leitura padrão", '"proporcional"'),
    _k("readings.refusal", TEXT, False, "a mensagem que recusa outra leitura", "", "gerada dos nomes"),
    _k("readings.*", TABLE, False, "uma leitura", "[readings.proporcional]"),
    _k("readings.*.count", TEXT, True, "proportional: proporcionalidade cumulativa, com o arredondamento da "
       "norma (o parâmetro de [percent] rounding_parameter); whole_blocks: uma vaga por bloco completo",
       '"proportional"', choices=COUNTS),
    _k("readings.*.description", TEXT, True, "o que a leitura faz", '"proporcionalidade cumulativa: …"'),
    _k("readings.*.label", TEXT, False, "o nome curto, na página", '"Proporcionalidade cumulativa"',
       "a descrição"),
    _k("readings.*.share", NUMBER, False, "a fração das nomeações que a leitura reserva, quando não é o "
       "percentual", '"1/5"', "o percentual"),
    # parameters
    _k("parameters", TABLES, True, "os parâmetros, um [[parameters]] cada"),
    _k("parameters[].name", TEXT, True, "o nome, citado por [percent], [validity] e pelos marcadores",
       '"vagas_minimas"'),
    _k("parameters[].unit", TEXT, True, "o que o valor é: percentual (número exato escrito como texto, "
       "\"20\"), vagas, anos, data, arredondamento, lista, sim_nao ou texto; diz como o valor é lido, "
       "mostrado e citado por {nome}", '"vagas"', choices=UNITS),
    _k("parameters[].label", TEXT, True, "o nome do parâmetro, como o site e a CLI o mostram (aceita "
       "{parâmetros})", '"Vagas mínimas"'),
    _k("parameters[].values", TABLES, True, "os valores datados, um [[parameters.values]] cada"),
    _k("parameters[].values[].value", VALUE, False, "o valor", "4", "sem valor (percentual informado)"),
    _k("parameters[].values[].basis", IDS, True, "os dispositivos que o fixam ([] com interpretation = true)",
       '["art1_par1"]'),
    _k("parameters[].values[].start", WHEN, False, "desde quando vale", '"start"', "o início da vigência"),
    _k("parameters[].values[].end", WHEN, False, "até quando vale", '"term_end"', "sem fim conhecido"),
    _k("parameters[].values[].label", TEXT, False, "como um valor em texto é mostrado",
       '"alternância e proporcionalidade"', "o próprio valor"),
    _k("parameters[].values[].not_parameter_values", TEXTS, False, _NPV, '["dez anos"]'),
    _k("parameters[].values[].note", TEXT, True, "o que o valor quer dizer, em português",
       '"Reserva só com 4 vagas ou mais."'),
    _k("parameters[].values[].interpretation", BOOL, False, "true quando o texto não fixa o valor e o "
       "projeto adota uma leitura", "true", "false"),
    # warnings
    _k("warnings", TABLE, False, "o catálogo de avisos"),
    _k("warnings.*", TABLE, False, "um aviso; o nome é a chave que as outras tabelas citam",
       "[warnings.exemplo_ultimo_dia]"),
    _k("warnings.*.kind", TEXT, True, "o tipo", '"premissa"', choices=WARNING_KINDS),
    _k("warnings.*.basis", IDS, True, "os dispositivos", '["art3_cpt"]'),
    _k("warnings.*.message", TEXT, True, "o aviso, com marcadores para os valores do registro",
       '"Prazo de {prazo_de_vigencia_anos} anos contado de {start}."'),
    _k("warnings.*.code", TEXT, False, "o código na resposta", '"ubatuba_art8"', "o nome do aviso"),
    _k("warnings.*.no_basis", BOOL, False, "true: o aviso diz que não há base no corpus (basis = [])", "true",
       "false"),
    _k("warnings.*.values", TEXTS, False, "marcadores que o código preenche além dos do registro",
       '["reading", "other"]', "[]"),
    _k("warnings.*.not_parameter_values", TEXTS, False, _NPV, '["dez anos"]'),
    _k("warnings.*.example", TABLE, False, "valores de exemplo dos marcadores de values, para a página "
       "Metodologia"),
    _k("warnings.*.example.*", TEXT, False, "o exemplo de um marcador; label: o caso do exemplo",
       '"com 7 vagas"'),
    # simulation
    _k("simulation", TABLE, False, "a simulação de nomeações (sem ela: os padrões, cada decisão sem base no "
       "corpus)"),
    _k("simulation.basis", TABLE, False, "tipo de decisão → os dispositivos (tabela abaixo)"),
    _k("simulation.basis.*", IDS, False, "os dispositivos de um tipo de decisão", '["art7_cpt"]',
       "sem base no corpus", choices=BASIS_KINDS),
    _k("simulation.precedence", TABLE, False, "a precedência entre as listas específicas"),
    _k("simulation.precedence.order", LISTS, False, "as listas, a primeira escolhida primeiro",
       '["pcd", "reserva"]', ", ".join(DEFAULT_ORDER)),
    _k("simulation.precedence.over_pcd", TABLE, False, "lista → o dispositivo dito quando uma pessoa com "
       "deficiência foi nomeada por ela"),
    _k("simulation.precedence.over_pcd.*", TEXT, False, "o dispositivo", '"art. 6º, § 2º"',
       choices=DEFAULT_ORDER),
    _k("simulation.heteroidentificacao", TABLE, False, "a verificação da autodeclaração e seus resultados"),
    _k("simulation.heteroidentificacao.where", TEXT, False, "a norma, na mensagem das outras",
       '"Lins (arts. 7º a 10)"'),
    _k("simulation.heteroidentificacao.note", TEXT, False, "quem decide, acrescentado à decisão", ""),
    _k("simulation.heteroidentificacao.note_basis", KINDS, False, "os tipos de decisão da nota", '["cappc"]'),
    _k("simulation.heteroidentificacao.eliminated", BOOL, False, "a nota vale também para a eliminação",
       "true", "false"),
    _k("simulation.heteroidentificacao.pending_warning", TEXT, False, "o aviso de verificação pendente "
       "(chave de [warnings])", '"lins_heteroidentificacao_pendente"'),
    _k("simulation.heteroidentificacao.other_warning", TEXT, False, "o aviso dado às outras normas (chave de "
       "[warnings])"),
    _k("simulation.heteroidentificacao.results", TABLE, False, "os resultados que têm efeito"),
    _k("simulation.heteroidentificacao.results.*", TABLE, False, "um resultado (o valor na coluna do CSV)",
       "[simulation.heteroidentificacao.results.fraude]"),
    _k("simulation.heteroidentificacao.results.*.effect", TEXT, True, "excluded: sai do concurso; ampla: "
       "só pela ampla concorrência", '"excluded"', choices=EFFECTS),
    _k("simulation.heteroidentificacao.results.*.reason", TEXT, False, "o motivo ({eliminado}, {excluído} "
       "concordam com o gênero)", '"{excluído} do concurso"'),
    _k("simulation.heteroidentificacao.results.*.basis", KINDS, False, "os tipos de decisão", '["fraud"]'),
    _k("simulation.heteroidentificacao.results.*.note", BOOL, False, "acrescenta a nota de quem decide",
       "true", "false"),
    _k("simulation.heteroidentificacao.results.*.ampla_note", TEXT, False, "com ampla: o que se diz na vaga "
       "de ampla concorrência"),
    _k("simulation.heteroidentificacao.results.*.ampla_basis", KINDS, False, "com ampla: os tipos de decisão",
       '["not_confirmed"]'),
    _k("simulation.replacement", TABLE, False, "quando a substituição só fala de desistência"),
    _k("simulation.replacement.rule", TEXT, True, "o dispositivo", '"art. 5º, § 1º"'),
    _k("simulation.replacement.quote", TEXT, True, "as palavras dele", '"Em caso de desistência …"'),
    _k("simulation.reversion", TABLE, False, "a reversão das vagas reservadas não preenchidas"),
    _k("simulation.reversion.partial_warning", TEXT, False, "o aviso de reverter parte da reserva (chave de "
       "[warnings])"),
    _k("simulation.reversion.other_lists", TEXT, False, "o que se diz ao reverter vagas de PcD ou femininas "
       "(por analogia)"),
    _k("simulation.lists", TABLE, False, "as listas específicas publicadas"),
    _k("simulation.lists.publish_within_vacancies", BOOL, False, "as listas publicam os aprovados até o "
       "número de vagas delas", "true", "false"),
    _k("simulation.lists.basis", TABLE, False, "lista → dispositivos acrescentados aos dela"),
    _k("simulation.lists.basis.*", IDS, False, "os dispositivos", '["art6_cpt_inc3"]', choices=DEFAULT_ORDER),
    _k("simulation.pcd_first", TABLE, False, "vínculos em que as vagas de PcD são chamadas primeiro"),
    _k("simulation.pcd_first.scopes", TEXTS, False, "os vínculos", '["emprego"]', "[]"),
    _k("simulation.pcd_first.reason", TEXT, False, "acrescentado ao motivo de cada nomeação"),
    _k("simulation.pcd_first.premise", TEXT, True, "a premissa dita no resumo"),
    _k("simulation.pcd_first.step", TEXT, True, "o passo ({first}, {after})"),
    _k("simulation.pcd_first.step_basis", IDS, False, "os dispositivos do passo", '["art7_cpt"]'),
    _k("simulation.pcd_first.warning", TEXT, True, "o aviso (chave de [warnings])"),
    _k("simulation.pcd_with_reserve", TABLE, False, "o aviso dado quando há vagas de PcD e reservadas"),
    _k("simulation.pcd_with_reserve.warning", TEXT, True, "o aviso (chave de [warnings])"),
    _k("simulation.pcd_with_reserve.unless", TEXT, False, "não dado se este código de aviso já saiu"),
    _k("simulation.options", TABLE, False, "as opções da simulação que só esta norma aceita"),
    _k("simulation.options.*", TABLE, False, "uma opção; as outras normas a recusam com refusal",
       "[simulation.options.substituicao]", choices=SIMULATION_OPTIONS),
    *(_k(f"simulation.options.*.{key}", type_, key in ("description", "refusal"), meaning, example)
      for key, type_, meaning, example in (
        ("description", TEXT, "o que a opção escolhe, com o dispositivo", ""),
        ("refusal", TEXT, "a mensagem das outras normas", '"… só se aplica a Ubatuba (art. 4º, § 1º)"'),
        ("label", TEXT, "o nome do campo na página (padrão: description)", ""),
        ("help", TEXT, "a ajuda da linha de comando", ""),
        ("choices", PAIRS, "os valores na página, o padrão primeiro com o valor \"\"",
         '[["", "Padrão"], ["geral", "Outra"]]'),
        ("default", TEXT, "o valor padrão", '"lista"'),
        ("unknown", TEXT, "a mensagem de um valor desconhecido ({value}); sem ela, \"valor desconhecido "
         "para <opção>: {value}\"", ""),
        ("dashes", BOOL, "aceita - no lugar de _ no valor", "true"),
        ("values", TABLE, "valor → os textos e regras desse valor", ""),
        ("missing_gender", TEXT, "equidade_genero: a mensagem de um optante sem gênero ({line})", ""),
        ("list_name", TEXT, "vagas_femininas: o nome da lista", ""),
        ("list_title", TEXT, "vagas_femininas: o título da lista", ""),
        ("reason", TEXT, "vagas_femininas: o motivo de cada nomeação ({pos}, {rank})", ""),
        ("premise", TEXT, "vagas_femininas: a premissa dita no resumo ({count})", ""))),
    _k("simulation.options.*.values.*", TABLE, False, "um valor da opção",
       "[simulation.options.substituicao.values.geral]"),
    *(_k(f"simulation.options.*.values.*.{key}", type_, False, meaning, example)
      for key, type_, meaning, example in (
        ("reason", TEXT, "o motivo de cada nomeação com esse valor", ""),
        ("skipped", TEXT, "o que se diz da vaga passada adiante", ""),
        ("seat_note", TEXT, "a nota da vaga ({candidate})", ""),
        ("order", LISTS, "a precedência entre as listas com esse valor", '["feminina", "reserva", "pcd"]'),
        ("basis_kind", TEXT, "o tipo de decisão citado com esse valor", '"precedence_alt"'),
        ("better_classified", TABLE, "a lista em que a pessoa estiver mais bem classificada", ""))),
    *(_k(f"simulation.options.*.values.*.better_classified.{key}", type_, True, meaning, example)
      for key, type_, meaning, example in (
        ("better", TEXT, "a lista escolhida se nela a classificação é melhor", '"pcd"'),
        ("than", TEXT, "a lista comparada", '"reserva"'),
        ("order", LISTS, "a precedência nos outros casos", '["feminina", "pcd", "reserva"]'))),
)

#: Each key by its path.
BY_PATH = {k.path: k for k in SCHEMA}
