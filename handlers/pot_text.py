"""The words of the `pot` reply (and of whole-hand notes and errors) in Japanese, Korean and English.

Written as a dealer or floor person counts down the pots at the table: main pot, side pots,
who can win each, who won it, the odd chip, the bet nobody called, who shows first.
"""

from __future__ import annotations

from handlers.i18n import Messages

TEXT = Messages(
    {
        # -- headline -------------------------------------------------------------------
        "two_pots": {
            "en": "2 pots, {total} in all: the main pot and one side pot.",
            "ja": "ポットは2つ、合計{total}です（メインポットとサイドポット1つ）。",
            "ko": "팟은 2개, 합계 {total}입니다(메인 팟과 사이드 팟 1개).",
        },
        "one_pot": {"en": "One pot of {total}.", "ja": "ポットは1つで、合計{total}です。", "ko": "팟은 하나이고 합계 {total}입니다."},
        "pots": {
            "en": "{count} pots, {total} in all: the main pot and {sides} side pots.",
            "ja": "ポットは{count}つ、合計{total}です（メインポットとサイドポット{sides}つ）。",
            "ko": "팟은 {count}개, 합계 {total}입니다(메인 팟과 사이드 팟 {sides}개).",
        },
        "award_all": {
            "en": "{p} wins everything: the others folded.",
            "ja": "ほかの全員がフォールドしたため、{p}がすべて獲得します。",
            "ko": "다른 플레이어가 모두 폴드해 {p}이(가) 전부 가져갑니다.",
        },
        "award_each": {
            "en": "Awarded side pots first, the main pot last: {list}.",
            "ja": "サイドポットから先に、メインポットは最後に分配します：{list}。",
            "ko": "사이드 팟부터 먼저, 메인 팟은 마지막에 나눕니다: {list}.",
        },
        "award_single": {"en": "The pot goes to {w}.", "ja": "ポットは{w}が獲得します。", "ko": "팟은 {w}이(가) 가져갑니다."},
        "award_item": {"en": "{pot} to {w}", "ja": "{pot}は{w}", "ko": "{pot}은(는) {w}"},
        "award_split": {"en": "{pot} split between {w}", "ja": "{pot}は{w}で分け合い", "ko": "{pot}은(는) {w}이(가) 나눠 가짐"},
        "award_single_split": {"en": "The pot is split between {w}.", "ja": "ポットは{w}で分け合います。",
                               "ko": "팟은 {w}이(가) 나눠 가집니다."},
        "no_showdown_yet": {
            "en": "Add the showdown (e.g. “; showdown: B > A = C”, best hand first) to award them.",
            "ja": "勝者を決めるには、ショーダウンの結果を加えてください（例：「; showdown: B > A = C」、強い順）。",
            "ko": "승자를 정하려면 쇼다운 결과를 덧붙여 주세요(예: ‘; showdown: B > A = C’, 강한 순서).",
        },
        # -- pot names and table ------------------------------------------------------------
        "main": {"en": "Main pot", "ja": "メインポット", "ko": "메인 팟"},
        "side": {"en": "Side pot {n}", "ja": "サイドポット{n}", "ko": "사이드 팟 {n}"},
        "col_pot": {"en": "Pot", "ja": "ポット", "ko": "팟"},
        "col_amount": {"en": "Amount", "ja": "額", "ko": "금액"},
        "col_eligible": {"en": "Can win", "ja": "獲得できる人", "ko": "가져갈 수 있는 사람"},
        "col_winners": {"en": "Won by", "ja": "獲得者", "ko": "가져간 사람"},
        "col_odd": {"en": "Odd chip", "ja": "端数チップ", "ko": "자투리 칩"},
        "table_title": {"en": "Pots", "ja": "ポット一覧", "ko": "팟 목록"},
        "none": {"en": "—", "ja": "—", "ko": "—"},
        # -- fields ---------------------------------------------------------------------------
        "f_returned": {"en": "Returned (not called)", "ja": "返却（コールされなかった額）", "ko": "반환(콜되지 않은 금액)"},
        "returned_line": {
            "en": "{p}: {n} goes back to {p}; nobody called that much.",
            "ja": "{p}：{n}を返却します（その額までコールした人がいないため）。",
            "ko": "{p}: {n} 반환(그만큼 콜한 사람이 없음).",
        },
        "f_show": {"en": "Who shows first", "ja": "ハンドを見せる順番", "ko": "핸드 공개 순서"},
        "show_allin": {
            "en": "Someone is all-in and the betting is over, so every hand is turned face up at once ({order}).",
            "ja": "オールインがあり、ベッティングが終わっているため、全員のハンドを一斉に表にします（{order}）。",
            "ko": "올인이 있고 베팅이 끝났으므로 모든 핸드를 한꺼번에 앞면으로 공개합니다({order}).",
        },
        "show_aggressor": {
            "en": "{p} made the last bet or raise on the final street and shows first; then {rest}.",
            "ja": "最終ストリートで最後にベットかレイズをした{p}が最初に見せ、そのあとは{rest}の順です。",
            "ko": "마지막 스트리트에서 마지막으로 벳이나 레이즈를 한 {p}이(가) 먼저 보여 주고, 그다음은 {rest} 순서입니다.",
        },
        "show_first_left": {
            "en": "Nobody bet on the final street, so the first player left of the button shows first: {order}.",
            "ja": "最終ストリートでベットがなかったため、ボタンの左から順に見せます：{order}。",
            "ko": "마지막 스트리트에 벳이 없었으므로 버튼 왼쪽부터 차례로 보여 줍니다: {order}.",
        },
        "f_pot_before": {"en": "Pot from earlier streets", "ja": "前のストリートまでのポット", "ko": "이전 스트리트까지의 팟"},
        "f_stacks_left": {"en": "Chips behind", "ja": "残りのスタック", "ko": "남은 스택"},
        "f_stacks_after": {"en": "Stacks after the hand", "ja": "精算後のスタック", "ko": "정산 후 스택"},
        "f_payoffs": {"en": "Net result", "ja": "収支", "ko": "손익"},
        "f_notes": {"en": "Also", "ja": "補足", "ko": "참고"},
        "f_dead": {"en": "Dead money in the main pot", "ja": "メインポットのデッドマネー", "ko": "메인 팟의 데드 머니"},
        # -- notes from reading the whole hand ----------------------------------------------------
        "n_over_stack_allin": {
            "en": "{p} has only {to} for this street, so the {asked} is all-in for {to}.",
            "ja": "{p}はこのストリートで{to}しか出せないため、{asked}は総額{to}のオールインになります。",
            "ko": "{p}은(는) 이번 스트리트에 {to}만 낼 수 있으므로 {asked}은(는) 총 {to} 올인이 됩니다.",
        },
        "n_exact_stack_allin": {
            "en": "That puts all of {p}'s chips in: {p} is all-in for {to}.",
            "ja": "{p}はこれでチップをすべて出したため、総額{to}のオールインです。",
            "ko": "{p}은(는) 이것으로 칩을 모두 냈으므로 총 {to} 올인입니다.",
        },
        "n_ante_allin": {
            "en": "{p} could post only {paid} of the ante and is all-in on it.",
            "ja": "{p}はアンティを{paid}しか払えず、アンティでオールインです。",
            "ko": "{p}은(는) 앤티를 {paid}밖에 내지 못해 앤티로 올인입니다.",
        },
        "n_blind_allin": {
            "en": "{p} is all-in on the {blind} for {paid}.",
            "ja": "{p}は{blind}の{paid}でオールインです。",
            "ko": "{p}은(는) {blind} {paid}(으)로 올인입니다.",
        },
        "n_bba_short": {
            "en": "{p} cannot cover blind and ante: the blind is posted first ({blind}), and only {paid} goes to the ante.",
            "ja": "{p}はブラインドとアンティの両方を払えないため、先にブラインド（{blind}）を払い、アンティには{paid}だけ入ります。",
            "ko": "{p}은(는) 블라인드와 앤티를 모두 낼 수 없으므로 블라인드({blind})를 먼저 내고 앤티에는 {paid}만 들어갑니다.",
        },
        "n_call_is_allin": {
            "en": "{p} has {to} in all for this street, no more than the call: calling puts {p} all-in, and no raise is possible.",
            "ja": "{p}がこのストリートで出せるのは合計{to}で、コール額以下です。コールするとオールインになり、レイズはできません。",
            "ko": "{p}이(가) 이번 스트리트에 낼 수 있는 것은 총 {to}(으)로 콜 금액 이하입니다. 콜하면 올인이 되고 레이즈는 할 수 없습니다.",
        },
        "n_raise_only_allin": {
            "en": "{p} has {to} in all, short of the minimum raise to {min}: the only raise open is all-in for {to}.",
            "ja": "{p}の手持ちは合計{to}で、ミニマムレイズの{min}に届きません。レイズするならオールイン（{to}）だけです。",
            "ko": "{p}의 칩은 총 {to}(으)로 최소 레이즈 {min}에 못 미칩니다. 레이즈는 {to} 올인만 가능합니다.",
        },
        "n_max_is_stack": {
            "en": "{p} has {to} in all, so the most {p} can raise to is {to}.",
            "ja": "{p}の手持ちは合計{to}なので、レイズの上限は{to}です。",
            "ko": "{p}의 칩은 총 {to}이므로 레이즈 상한은 {to}입니다.",
        },
        "n_heads_up_order": {
            "en": "Heads-up: the button is the small blind.",
            "ja": "ヘッズアップではボタンがSBです。",
            "ko": "헤즈업에서는 버튼이 SB입니다.",
        },
        "rules_title": {"en": "Rules", "ja": "根拠となるルール", "ko": "근거 규칙"},
        "footer": {
            "en": "The floor's decision is final (rule 1); this settles the hand as typed.",
            "ja": "最終判断はフロアが行います（第1項）。入力されたハンドどおりの精算です。",
            "ko": "최종 결정은 플로어가 내립니다(규칙 1). 입력된 핸드 그대로 정산한 결과입니다.",
        },
    },
    name="pot",
)

ERRORS = Messages(
    {
        "street_unfinished": {
            "en": "The {street} is not finished: {player} still has to act before the next street.",
            "ja": "{street}のベッティングがまだ終わっていません。次のストリートの前に{player}のアクションが必要です。",
            "ko": "{street} 베팅이 아직 끝나지 않았습니다. 다음 스트리트 전에 {player}이(가) 액션해야 합니다.",
        },
        "street_out_of_order": {
            "en": "The {street} cannot come right after the {previous}.",
            "ja": "{previous}のすぐあとに{street}は来ません。",
            "ko": "{previous} 바로 다음에 {street}이(가) 올 수 없습니다.",
        },
        "hand_already_over": {
            "en": "Everyone else had folded, so there is no {street}.",
            "ja": "ほかの全員がフォールドしてハンドは終わっているため、{street}はありません。",
            "ko": "다른 플레이어가 모두 폴드해 핸드가 끝났으므로 {street}은(는) 없습니다.",
        },
        "no_chips_left": {
            "en": "{player} has no chips left and cannot act.",
            "ja": "{player}はチップが残っていないため、アクションできません。",
            "ko": "{player}은(는) 남은 칩이 없어 액션할 수 없습니다.",
        },
        "no_betting_left": {
            "en": "No betting is possible on the {street}: at most one player still has chips.",
            "ja": "{street}ではベッティングできません。チップが残っているのは1人以下です。",
            "ko": "{street}에서는 베팅할 수 없습니다. 칩이 남은 플레이어가 한 명 이하입니다.",
        },
        "bad_header_amount": {
            "en": "“{word}” needs an amount after it.",
            "ja": "「{word}」のあとに額を書いてください。",
            "ko": "‘{word}’ 뒤에 금액을 적어 주세요.",
        },
        "bad_stacks": {
            "en": "Write stacks as a name and an amount each, for example stacks A 5000 B 1200.",
            "ja": "スタックは名前と額の組で書いてください（例：stacks A 5000 B 1200）。",
            "ko": "스택은 이름과 금액을 짝지어 적어 주세요(예: stacks A 5000 B 1200).",
        },
        "ante_and_bba": {
            "en": "Give either an ante for everyone or a big blind ante, not both.",
            "ja": "全員のアンティかBBアンティのどちらか一方だけを指定してください。",
            "ko": "모두 내는 앤티나 BB 앤티 중 하나만 지정해 주세요.",
        },
        "too_many_players": {
            "en": "{count} stacks given; a table seats at most {limit}.",
            "ja": "スタックが{count}人分あります。1テーブルは最大{limit}人です。",
            "ko": "스택이 {count}명분입니다. 한 테이블은 최대 {limit}명입니다.",
        },
        "stack_blind_mismatch": {
            "en": "{player}'s stack is {stack}, but the header says the {blind} posted {posted}.",
            "ja": "{player}のスタックは{stack}ですが、ヘッダーでは{blind}が{posted}を払ったことになっています。",
            "ko": "{player}의 스택은 {stack}인데 헤더에는 {blind}이(가) {posted}을(를) 냈다고 되어 있습니다.",
        },
        "bad_showdown": {
            "en": "Write the showdown best hand first, with > between hands and = for a tie: showdown: B > A = C.",
            "ja": "ショーダウンは強い順に、>で区切り、同じ強さは=でつないで書いてください（例：showdown: B > A = C）。",
            "ko": "쇼다운은 강한 순서로 >로 구분하고 같은 세기는 =로 이어 적어 주세요(예: showdown: B > A = C).",
        },
        "showdown_unknown_player": {
            "en": "{player} is not in this hand.",
            "ja": "{player}はこのハンドに参加していません。",
            "ko": "{player}은(는) 이 핸드에 없습니다.",
        },
        "showdown_duplicate": {
            "en": "{player} is named twice in the showdown.",
            "ja": "ショーダウンに{player}が2回出てきます。",
            "ko": "쇼다운에 {player}이(가) 두 번 나옵니다.",
        },
        "showdown_folded": {
            "en": "{player} folded and has no hand at the showdown.",
            "ja": "{player}はフォールドしているため、ショーダウンに参加しません。",
            "ko": "{player}은(는) 폴드했으므로 쇼다운에 참여하지 않습니다.",
        },
        "showdown_missing": {
            "en": "The showdown leaves out {players}, who can still win a pot.",
            "ja": "ショーダウンに{players}が入っていません。まだポットを獲得できるプレイヤーです。",
            "ko": "쇼다운에 {players}이(가) 빠져 있습니다. 아직 팟을 가져갈 수 있는 플레이어입니다.",
        },
        "query_with_showdown": {
            "en": "A hand that went to showdown has no one left to ask about ({player}?).",
            "ja": "ショーダウンまで進んだハンドでは、アクションを尋ねる相手はいません（{player}?）。",
            "ko": "쇼다운까지 간 핸드에서는 액션을 물어볼 상대가 없습니다({player}?).",
        },
        "hand_not_finished": {
            "en": "The betting is not over: {player} still has to act, so the pots are not final.",
            "ja": "ベッティングがまだ終わっていません。{player}のアクションが残っているため、ポットは確定していません。",
            "ko": "베팅이 아직 끝나지 않았습니다. {player}의 액션이 남아 있어 팟이 확정되지 않았습니다.",
        },
        "amount_beyond_stacks": {
            "en": "{amount} is more than anyone at the table has ({largest} is the largest stack).",
            "ja": "{amount}はテーブルの誰のスタックよりも多い額です（最大のスタックは{largest}）。",
            "ko": "{amount}은(는) 테이블의 누구 스택보다도 많은 금액입니다(가장 큰 스택은 {largest}).",
        },
        "too_few_players": {
            "en": "A hand needs at least two players.",
            "ja": "ハンドには2人以上のプレイヤーが必要です。",
            "ko": "핸드에는 두 명 이상의 플레이어가 필요합니다.",
        },
    },
    name="pot-errors",
)
