define dllexport void @shared_div_simdcf(i32 %arg0) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 3
  %v2 = call <32 x i32> @llvm.genx.oword.ld.v32i32(i32 0, i32 %arg0, i32 %v1)
  %v3 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v2, i32 0, i32 16, i32 2, i16 0, i32 undef)
  %v4 = icmp sgt <16 x i32> %v3, <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %v5 = xor <16 x i1> %v4, <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>
  %v6 = xor <16 x i1> %v5, <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>
  %v7 = call { <32 x i1>, <16 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v16i1.v16i1(<32 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, <16 x i1> <i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>, <16 x i1> %v6)
  %v8 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v7, 0
  %v9 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v7, 1
  %v10 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v7, 2
  br i1 %v10, label %bb2, label %bb1
bb1:
  %v11 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v2, i32 0, i32 16, i32 2, i16 0, i32 undef)
  %v12 = shl <16 x i32> %v11, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %v13 = call <16 x i32> @__genxc_udiv_i32_x16(<16 x i32> %v12, <16 x i32> %v11)
  %v23 = ashr <16 x i32> %v11, <i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31>
  %v24 = xor <16 x i32> %v11, %v23
  %v25 = sub <16 x i32> %v24, %v23
  %v26 = ashr <16 x i32> %v12, <i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31>
  %v27 = xor <16 x i32> %v12, %v26
  %v28 = sub <16 x i32> %v27, %v26
  %v29 = call <16 x i32> @__genxc_udiv_i32_x16(<16 x i32> %v25, <16 x i32> %v28)
  %v30 = mul <16 x i32> %v29, %v28
  %v31 = sub <16 x i32> %v25, %v30
  %v32 = xor <16 x i32> %v31, %v23
  %v14 = sub <16 x i32> %v32, %v23
  %v15 = add <16 x i32> %v13, %v14
  %v16 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v8, i32 0)
  %v17 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.v16i1(<32 x i32> %v2, <16 x i32> %v15, i32 0, i32 16, i32 2, i16 0, i32 undef, <16 x i1> %v16)
  br label %bb2
bb2:
  %v18 = phi <32 x i32> [ %v2, %bb0 ], [ %v17, %bb1 ]
  %v19 = call { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v16i1(<32 x i1> %v8, <16 x i1> %v9)
  %v20 = extractvalue { <32 x i1>, i1 } %v19, 0
  %v21 = extractvalue { <32 x i1>, i1 } %v19, 1
  br label %bb3
bb3:
  call void @llvm.genx.oword.st.v32i32(i32 %arg0, i32 %v1, <32 x i32> %v18)
  ret void
}

define internal <16 x i32> @__genxc_udiv_i32_x16(<16 x i32> %arg0, <16 x i32> %arg1) {
bb0:
  %v0 = udiv <16 x i32> %arg0, %arg1
  ret <16 x i32> %v0
}

declare i32 @llvm.genx.group.id.x.i32()
declare <32 x i32> @llvm.genx.oword.ld.v32i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v32i32(i32, i32, <32 x i32>)
declare <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1>, i32)
declare <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32>, i32, i32, i32, i16, i32)
declare { <32 x i1>, <16 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v16i1.v16i1(<32 x i1>, <16 x i1>, <16 x i1>)
declare { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v16i1(<32 x i1>, <16 x i1>)
declare <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.v16i1(<32 x i32>, <16 x i32>, i32, i32, i32, i16, i32, <16 x i1>)

!genx.kernels = !{!0}
!0 = !{void (i32)* @shared_div_simdcf, !"shared_div_simdcf", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2}
!2 = !{i32 128}
!3 = !{i32 0}
!4 = !{!"buffer_t read_write"}
