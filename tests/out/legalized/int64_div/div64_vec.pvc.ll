define dllexport void @div64_vec(i32 %arg0) {
bb0:
  %v0 = call <8 x i64> @llvm.genx.oword.ld.v8i64(i32 0, i32 %arg0, i32 0)
  %v1 = call <8 x i64> @llvm.genx.oword.ld.v8i64(i32 0, i32 %arg0, i32 4)
  %v2 = call <8 x i64> @__genxc_udiv_i64_x8(<8 x i64> %v0, <8 x i64> %v1)
  %v9 = mul <8 x i64> %v2, %v1
  %v3 = sub <8 x i64> %v0, %v9
  %v10 = ashr <8 x i64> %v2, <i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63>
  %v11 = xor <8 x i64> %v2, %v10
  %v12 = sub <8 x i64> %v11, %v10
  %v13 = ashr <8 x i64> %v1, <i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63>
  %v14 = xor <8 x i64> %v1, %v13
  %v15 = sub <8 x i64> %v14, %v13
  %v16 = call <8 x i64> @__genxc_udiv_i64_x8(<8 x i64> %v12, <8 x i64> %v15)
  %v17 = xor <8 x i64> %v10, %v13
  %v18 = xor <8 x i64> %v16, %v17
  %v4 = sub <8 x i64> %v18, %v17
  %v19 = ashr <8 x i64> %v3, <i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63>
  %v20 = xor <8 x i64> %v3, %v19
  %v21 = sub <8 x i64> %v20, %v19
  %v22 = call <8 x i64> @__genxc_udiv_i64_x8(<8 x i64> %v21, <8 x i64> <i64 7, i64 7, i64 4294967311, i64 1, i64 3, i64 1000, i64 -9223372036854775808, i64 5>)
  %v23 = mul <8 x i64> %v22, <i64 7, i64 7, i64 4294967311, i64 1, i64 3, i64 1000, i64 -9223372036854775808, i64 5>
  %v24 = sub <8 x i64> %v21, %v23
  %v25 = xor <8 x i64> %v24, %v19
  %v5 = sub <8 x i64> %v25, %v19
  %v6 = add <8 x i64> %v4, %v5
  %v26 = ashr <8 x i64> %v6, <i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63>
  %v27 = xor <8 x i64> %v6, %v26
  %v28 = sub <8 x i64> %v27, %v26
  %v29 = call <8 x i64> @__genxc_udiv_i64_x8(<8 x i64> %v28, <8 x i64> <i64 3, i64 3, i64 3, i64 3, i64 3, i64 3, i64 3, i64 3>)
  %v30 = xor <8 x i64> %v26, <i64 -1, i64 -1, i64 -1, i64 -1, i64 -1, i64 -1, i64 -1, i64 -1>
  %v31 = xor <8 x i64> %v29, %v30
  %v7 = sub <8 x i64> %v31, %v30
  call void @llvm.genx.oword.st.v8i64(i32 %arg0, i32 8, <8 x i64> %v7)
  ret void
}

define internal <8 x i64> @__genxc_udiv_i64_x8(<8 x i64> %arg0, <8 x i64> %arg1) {
bb0:
  %v0 = udiv <8 x i64> %arg0, %arg1
  ret <8 x i64> %v0
}

declare <8 x i64> @llvm.genx.oword.ld.v8i64(i32, i32, i32)
declare void @llvm.genx.oword.st.v8i64(i32, i32, <8 x i64>)

!genx.kernels = !{!0}
!0 = !{void (i32)* @div64_vec, !"div64_vec", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2}
!2 = !{i32 128}
!3 = !{i32 0}
!4 = !{!"buffer_t read_write"}
