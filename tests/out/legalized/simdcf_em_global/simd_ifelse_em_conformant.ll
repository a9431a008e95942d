define dllexport void @simd_ifelse_em_conformant(i32 %arg0) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 2
  %v2 = call <16 x i32> @llvm.genx.oword.ld.v16i32(i32 0, i32 %arg0, i32 %v1)
  %v3 = icmp sgt <16 x i32> %v2, <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %v4 = xor <16 x i1> %v3, <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>
  %v5 = xor <16 x i1> %v4, <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>
  %v6 = call { <32 x i1>, <16 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v16i1.v16i1(<32 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, <16 x i1> <i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>, <16 x i1> %v5)
  %v7 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v6, 0
  %v8 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v6, 1
  %v9 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v6, 2
  br i1 %v9, label %bb2, label %bb1
bb1:
  %v11 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v7, i32 0)
  %v10 = shl <16 x i32> %v2, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %v12 = select <16 x i1> %v11, <16 x i32> %v10, <16 x i32> %v2
  %v13 = call { <32 x i1>, <16 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v16i1.v16i1(<32 x i1> %v7, <16 x i1> <i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>, <16 x i1> <i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>)
  %v14 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v13, 0
  %v15 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v13, 1
  %v16 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v13, 2
  br i1 %v16, label %bb2, label %bb2
bb2:
  %v17 = phi <16 x i32> [ %v2, %bb0 ], [ %v12, %bb1 ], [ %v12, %bb1 ]
  %v18 = phi <16 x i1> [ <i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>, %bb0 ], [ %v15, %bb1 ], [ %v15, %bb1 ]
  %v19 = phi <32 x i1> [ %v7, %bb0 ], [ %v14, %bb1 ], [ %v14, %bb1 ]
  %v20 = call { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v16i1(<32 x i1> %v19, <16 x i1> %v8)
  %v21 = extractvalue { <32 x i1>, i1 } %v20, 0
  %v22 = extractvalue { <32 x i1>, i1 } %v20, 1
  br i1 %v22, label %bb4, label %bb3
bb3:
  %v24 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v21, i32 0)
  %v23 = sub <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>, %v17
  %v25 = select <16 x i1> %v24, <16 x i32> %v23, <16 x i32> %v17
  br label %bb4
bb4:
  %v26 = phi <16 x i32> [ %v17, %bb2 ], [ %v25, %bb3 ]
  %v27 = call { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v16i1(<32 x i1> %v21, <16 x i1> %v18)
  %v28 = extractvalue { <32 x i1>, i1 } %v27, 0
  %v29 = extractvalue { <32 x i1>, i1 } %v27, 1
  br label %bb5
bb5:
  call void @llvm.genx.oword.st.v16i32(i32 %arg0, i32 %v1, <16 x i32> %v26)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <16 x i32> @llvm.genx.oword.ld.v16i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v16i32(i32, i32, <16 x i32>)
declare <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1>, i32)
declare { <32 x i1>, <16 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v16i1.v16i1(<32 x i1>, <16 x i1>, <16 x i1>)
declare { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v16i1(<32 x i1>, <16 x i1>)

!genx.kernels = !{!0}
!0 = !{void (i32)* @simd_ifelse_em_conformant, !"simd_ifelse_em_conformant", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2}
!2 = !{i32 64}
!3 = !{i32 0}
!4 = !{!"buffer_t read_write"}
