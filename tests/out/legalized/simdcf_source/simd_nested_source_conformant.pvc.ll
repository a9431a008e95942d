define dllexport void @simd_nested_source_conformant(i32 %arg0) {
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
  br i1 %v9, label %bb5, label %bb1
bb1:
  %v10 = add <16 x i32> %v2, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %v11 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v7, i32 0)
  %v12 = select <16 x i1> %v11, <16 x i32> %v10, <16 x i32> %v2
  %v13 = icmp sgt <16 x i32> %v10, <i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100>
  %v14 = xor <16 x i1> %v13, <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>
  %v15 = xor <16 x i1> %v14, <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>
  %v16 = call { <32 x i1>, <16 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v16i1.v16i1(<32 x i1> %v7, <16 x i1> <i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>, <16 x i1> %v15)
  %v17 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v16, 0
  %v18 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v16, 1
  %v19 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v16, 2
  br i1 %v19, label %bb3, label %bb2
bb2:
  %v20 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v17, i32 0)
  %v21 = select <16 x i1> %v20, <16 x i32> <i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100>, <16 x i32> %v12
  br label %bb3
bb3:
  %v22 = phi <16 x i32> [ %v12, %bb1 ], [ %v21, %bb2 ]
  %v23 = call { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v16i1(<32 x i1> %v17, <16 x i1> %v18)
  %v24 = extractvalue { <32 x i1>, i1 } %v23, 0
  %v25 = extractvalue { <32 x i1>, i1 } %v23, 1
  br label %bb4
bb4:
  %v26 = call { <32 x i1>, <16 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v16i1.v16i1(<32 x i1> %v24, <16 x i1> <i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>, <16 x i1> <i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>)
  %v27 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v26, 0
  %v28 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v26, 1
  %v29 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v26, 2
  br i1 %v29, label %bb5, label %bb5
bb5:
  %v30 = phi <16 x i32> [ %v2, %bb0 ], [ %v22, %bb4 ], [ %v22, %bb4 ]
  %v31 = phi <16 x i1> [ <i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>, %bb0 ], [ %v28, %bb4 ], [ %v28, %bb4 ]
  %v32 = phi <32 x i1> [ %v7, %bb0 ], [ %v27, %bb4 ], [ %v27, %bb4 ]
  %v33 = call { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v16i1(<32 x i1> %v32, <16 x i1> %v8)
  %v34 = extractvalue { <32 x i1>, i1 } %v33, 0
  %v35 = extractvalue { <32 x i1>, i1 } %v33, 1
  br i1 %v35, label %bb7, label %bb6
bb6:
  %v37 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v34, i32 0)
  %v36 = sub <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>, %v30
  %v38 = select <16 x i1> %v37, <16 x i32> %v36, <16 x i32> %v30
  br label %bb7
bb7:
  %v39 = phi <16 x i32> [ %v30, %bb5 ], [ %v38, %bb6 ]
  %v40 = call { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v16i1(<32 x i1> %v34, <16 x i1> %v31)
  %v41 = extractvalue { <32 x i1>, i1 } %v40, 0
  %v42 = extractvalue { <32 x i1>, i1 } %v40, 1
  br label %bb8
bb8:
  call void @llvm.genx.oword.st.v16i32(i32 %arg0, i32 %v1, <16 x i32> %v39)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <16 x i32> @llvm.genx.oword.ld.v16i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v16i32(i32, i32, <16 x i32>)
declare <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1>, i32)
declare { <32 x i1>, <16 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v16i1.v16i1(<32 x i1>, <16 x i1>, <16 x i1>)
declare { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v16i1(<32 x i1>, <16 x i1>)

!genx.kernels = !{!0}
!0 = !{void (i32)* @simd_nested_source_conformant, !"simd_nested_source_conformant", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2}
!2 = !{i32 128}
!3 = !{i32 0}
!4 = !{!"buffer_t read_write"}
